// The peer's server: boardgame.io 0.50.2's own `Server` with the game of game.js and its
// default storage (in memory: nothing is written anywhere, a restart loses every match), the
// lobby API and the socket.io transport on one port, as its documentation starts it.
//
//     node benchmarks/peer/server.js [port]        (or PEER_PORT; default 8010)
//
// Run it with NODE_ENV=production, as it would be deployed: boardgame.io then skips its
// informational logging. It prints `listening <port>` once the port accepts connections.
import { createRequire } from 'node:module';
import { FoxInTheForest } from './game.js';

// boardgame.io's subpaths are CommonJS directories (see game.js): `require` resolves them.
const require = createRequire(import.meta.url);
const { Server, Origins } = require('boardgame.io/server');

const port = Number(process.argv[2] ?? process.env.PEER_PORT ?? 8010);

// Origins only matter to browsers (CORS); the driver's Node clients send none. Naming localhost
// keeps the server from warning that none was set.
const server = Server({ games: [FoxInTheForest], origins: [Origins.LOCALHOST] });

await server.run(port, () => console.log(`listening ${port}`));
