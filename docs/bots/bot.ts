/**
 * A complete Foxden bot in TypeScript: types generated from /openapi.json with
 * openapi-typescript, requests with the built-in fetch (Node.js 18 or later).
 *
 *   npx openapi-typescript http://127.0.0.1:8000/openapi.json -o schema.d.ts
 *   npx tsc --strict --target es2022 --module commonjs --types node bot.ts
 *   node bot.js http://127.0.0.1:8000 fox-in-the-forest
 *
 * It joins as a guest, opens a table, fills the other seats with the server's bots, starts
 * the match and plays the first legal action each time it is its turn, until the match ends.
 */
import type { components, operations } from "./schema";

type Schemas = components["schemas"];
type Json<Op extends keyof operations, Code extends number> =
  operations[Op]["responses"] extends Record<Code, { content: { "application/json": infer T } }>
    ? T
    : never;

const PAUSE_MS = 200; // between reads of the match while others play

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

class Foxden {
  constructor(readonly baseUrl: string, private token = "") {}

  /** One call; a refusal ({"error": {code, message}}) is thrown, after waiting out a 429. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const answer = await fetch(this.baseUrl + path, init);
    if (answer.ok) return (await answer.json()) as T;
    if (answer.status === 429) await sleep(1000 * Number(answer.headers.get("Retry-After") ?? 1));
    const refusal = (await answer.json()) as Schemas["ErrorPublic"];
    throw new Error(refusal.error.code);
  }

  async signUp(name: string): Promise<void> {
    const body: Schemas["PlayerCreate"] = { name };
    const created = await this.call<Json<"createGuest", 201>>("POST", "/api/v1/players", body);
    this.token = created.token;
  }
}

async function startAgainstBots(api: Foxden, game: string): Promise<string> {
  const games = await api.call<Json<"listGames", 200>>("GET", "/api/v1/games");
  const seats = games.find((entry) => entry.id === game)?.min_players ?? 2;
  const create: Schemas["LobbyCreate"] = { game, seats, private: false, rated: false };
  const lobby = await api.call<Json<"createLobby", 201>>("POST", "/api/v1/lobbies", create);
  const fill: Schemas["FillRequest"] = { bot: "random" };
  await api.call<Json<"fillWithBots", 200>>("POST", `/api/v1/lobbies/${lobby.id}/bots`, fill);
  const started = await api.call<Json<"startMatch", 200>>(
    "POST",
    `/api/v1/lobbies/${lobby.id}/start`,
  );
  return started.match_id;
}

async function play(api: Foxden, matchId: string): Promise<Schemas["Envelope"]> {
  for (;;) {
    const envelope = await api.call<Json<"getMatchState", 200>>(
      "GET",
      `/api/v1/matches/${matchId}/state`,
    );
    if (envelope.status !== "active") return envelope;
    const action = envelope.legal_actions[0];
    if (action === undefined) {
      await sleep(PAUSE_MS); // another seat is to act
      continue;
    }
    // The legal actions are typed per game; send one back as it came.
    const request: Schemas["ActionRequest"] = { action, version: envelope.version };
    try {
      await api.call("POST", `/api/v1/matches/${matchId}/actions`, request);
    } catch (refused) {
      // action/stale_version: a server bot moved first; read the match again.
      if (!(refused instanceof Error) || refused.message !== "action/stale_version") throw refused;
    }
  }
}

async function main(): Promise<void> {
  const [baseUrl = "http://127.0.0.1:8000", game = "fox-in-the-forest"] = process.argv.slice(2);
  const api = new Foxden(baseUrl);
  await api.signUp("Guide Bot");
  const finished = await play(api, await startAgainstBots(api, game));
  console.log("finished:", JSON.stringify(finished.outcome));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
