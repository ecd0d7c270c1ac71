// A slow table's clock in words, from the public clock the server sends (envelope and My games):
// "3 h 10 min left, bank 2 days, clock stopped until 08:00" or "On vacation until 12 Dec".
// The server sends when the turn started, the time it had used before then and every pause
// until its deadline, so the time used at any instant is plain arithmetic here, with no
// knowledge of time zones: the pauses already carry each player's playing hours and vacation.

/** The clock of `seat` at `now` (ms): left, move and bank left (seconds) and the pause it is in. */
export function seatClock(clock, seat, now = Date.now()) {
  const mine = clock && clock.seats.find((s) => s.seat === seat);
  if (!mine || !mine.turn_started) return null;
  const started = Date.parse(mine.turn_started);
  let stopped = 0;
  let pause = null;
  for (const p of mine.pauses) {
    const from = Math.max(Date.parse(p.start), started);
    const until = Date.parse(p.until);
    if (from >= now) break;
    stopped += Math.min(until, now) - from;
    if (until > now) pause = p;
  }
  const used = mine.turn_used + Math.max(0, now - started - stopped) / 1000;
  const overrun = Math.max(0, used - clock.move_seconds);
  return {
    left: Math.max(0, clock.move_seconds + mine.bank_left - used),
    moveLeft: Math.max(0, clock.move_seconds - used),
    bankLeft: Math.max(0, mine.bank_left - overrun),
    pause,
  };
}

/** "3 h 10 min", "2 days 4 h", "12 min". */
export function duration(seconds) {
  const whole = Math.floor(seconds / 60) * 60;
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (days) return `${days} day${days === 1 ? "" : "s"}` + (hours ? ` ${hours} h` : "");
  if (hours) return `${hours} h` + (minutes ? ` ${minutes} min` : "");
  return `${minutes} min`;
}

/** The clock of `seat` in one line; empty when its turn does not run. */
export function clockLine(clock, seat, now = Date.now()) {
  const state = seatClock(clock, seat, now);
  if (!state) return "";
  const left = `${duration(state.left)} left`;
  const bank = state.moveLeft > 0 ? `, bank ${duration(state.bankLeft)}` : " (from the bank)";
  if (state.pause && state.pause.reason === "vacation") {
    return `On vacation until ${day(state.pause.until)} · ${left}${bank}`;
  }
  const stopped = state.pause ? `, clock stopped until ${hour(state.pause.until)}` : "";
  return `${left}${bank}${stopped}`;
}

/** The seconds left of `seat` (Infinity when its clock does not run): for sorting by urgency. */
export function secondsLeft(clock, seat, now = Date.now()) {
  const state = seatClock(clock, seat, now);
  return state ? state.left : Infinity;
}

function hour(iso) {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return sameDay ? time : `${date.toLocaleDateString([], { weekday: "short" })} ${time}`;
}

function day(iso) {
  return new Date(iso).toLocaleDateString([], { day: "numeric", month: "short" });
}

/** The table's clock line for the envelope's viewer: their own clock when it runs, else the
 * first running clock of a seat to act, with that seat's name. */
export function tableClockLine(envelope, now = Date.now()) {
  const running = envelope.to_act.filter((seat) => seatClock(envelope.clock, seat, now));
  if (!running.length) return "";
  const seat = running.includes(envelope.seat) ? envelope.seat : running[0];
  const line = clockLine(envelope.clock, seat, now);
  return seat === envelope.seat ? line : `${envelope.seats[seat].name}: ${line}`;
}
