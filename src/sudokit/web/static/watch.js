// Watch a solver: the engine traces an algorithm on the game's puzzle (frames that carry
// only what changed, see sudokit.web.bridge); this replays the frames on a small board
// with the counters: play, pause, step, speed.

import { symbol } from "./game.js";

const $ = (id) => document.getElementById(id);
let ctx = null;

const watch = { frames: [], index: -1, timer: null, cells: [], start: null, board: [], cands: [], candidates: "none" };

function watchBoard() {
  const rules = ctx.session().game.rules;
  const n = rules.n;
  const board = $("watch-board");
  board.textContent = "";
  board.style.setProperty("--n", n);
  board.dataset.size = String(n);
  watch.cells = [];
  for (let cell = 0; cell < rules.ncells; cell++) {
    const el = document.createElement("div");
    el.className = "cell";
    const r = Math.floor(cell / n), c = cell % n;
    const reg = rules.regionOf[cell];
    if (r > 0 && rules.regionOf[cell - n] !== reg) el.classList.add("bt");
    if (c > 0 && rules.regionOf[cell - 1] !== reg) el.classList.add("bl");
    if (r === 0) el.classList.add("edge-t");
    if (c === 0) el.classList.add("edge-l");
    const digit = document.createElement("span");
    digit.className = "digit";
    const notes = document.createElement("span");
    notes.className = "notes";
    notes.style.setProperty("--nr", rules.boxRows);
    notes.style.setProperty("--nc", rules.boxCols);
    for (let d = 1; d <= n; d++) notes.appendChild(document.createElement("span"));
    el.append(digit, notes);
    board.appendChild(el);
    watch.cells.push(el);
  }
}

const ORIGINS = ["", "given", "forced", "guessed"];

function watchReset() {
  const start = watch.start || {};
  const ncells = ctx.session().game.rules.ncells;
  watch.board = (start.cells || Array(ncells).fill(0)).map((d, c) => [d, d ? (ctx.session().game.givens[c] ? 1 : 2) : 0]);
  watch.cands = start.candidates ? start.candidates.slice() : Array(ncells).fill(0);
  watch.index = -1;
}

function watchApply(frame) {
  for (const [cell, digit, origin] of frame.cells || []) watch.board[cell] = [digit, origin];
  for (const [cell, mask] of frame.candidates || []) watch.cands[cell] = mask;
}

function drawFrame() {
  const frame = watch.frames[watch.index] || null;
  const rules = ctx.session().game.rules;
  const n = rules.n;
  const unit = frame && frame.unit !== null && frame.unit !== undefined ? new Set(rules.units[frame.unit] || []) : new Set();
  const changed = new Set(frame ? (frame.cells || []).map((x) => x[0]) : []);
  const tried = frame && frame.tried ? frame.tried[0] : null;
  const showCands = watch.candidates !== "none";
  watch.cells.forEach((el, c) => {
    const [d, origin] = watch.board[c] || [0, 0];
    el.firstChild.textContent = d ? symbol(d) : "";
    const spans = el.lastChild.children;
    for (let k = 0; k < n; k++) spans[k].textContent = !d && showCands && (watch.cands[c] >> k) & 1 ? symbol(k + 1) : "";
    for (const o of ORIGINS) if (o) el.classList.toggle(o, ORIGINS[origin] === o);
    el.classList.toggle("focus", frame !== null && frame.focus === c);
    el.classList.toggle("unit", unit.has(c));
    el.classList.toggle("changed", changed.has(c));
    el.classList.toggle("tried", tried === c);
    el.classList.toggle("bad", frame !== null && frame.kind === "contradiction" && frame.focus === c);
  });
  $("watch-text").textContent = frame ? frame.text || "" : watch.summary || "";
  const dl = $("watch-counters");
  dl.textContent = "";
  const counters = frame ? frame.counters || {} : {};
  for (const [k, v] of Object.entries(counters)) {
    const dt = document.createElement("dt");
    dt.textContent = k.replace(/_/g, " ");
    const dd = document.createElement("dd");
    dd.textContent = String(v);
    dl.append(dt, dd);
  }
  $("watch-position").textContent = watch.frames.length
    ? `step ${Math.max(0, watch.index + 1)} of ${watch.frames.length}${watch.finished ? "" : " (the trace goes on)"}`
    : "";
}

function watchStep() {
  if (watch.index >= watch.frames.length - 1) return false;
  watch.index += 1;
  watchApply(watch.frames[watch.index]);
  return true;
}

function watchStop() {
  clearInterval(watch.timer);
  watch.timer = null;
  $("watch-play").textContent = "Play";
}

function watchPlay() {
  if (watch.timer) {
    watchStop();
    return;
  }
  if (watch.index >= watch.frames.length - 1) {
    watchReset();
    drawFrame();
  }
  $("watch-play").textContent = "Pause";
  const speed = Number($("watch-speed").value);
  const perTick = Math.max(1, Math.round(speed / 30)); // past 30 a second, several a frame
  watch.timer = setInterval(() => {
    let moved = false;
    for (let i = 0; i < perTick; i++) moved = watchStep() || moved;
    drawFrame();
    if (!moved || watch.index >= watch.frames.length - 1) watchStop();
  }, 1000 / Math.min(speed, 30));
}

function watchLoad() {
  watchStop();
  watch.frames = [];
  watch.start = null;
  $("watch-text").textContent = "The solver is working…";
  $("watch-counters").textContent = "";
  $("watch-position").textContent = "";
  const algorithm = $("watch-algorithm").value;
  ctx.engine().request("watch", { algorithm, max_events: 5000 }).then(
    (r) => {
      if ($("watch-algorithm").value !== algorithm) return; // another was asked for since
      watch.algorithm = r.algorithm || algorithm;
      watch.frames = r.frames || [];
      watch.start = r.start || null;
      watch.candidates = r.candidates || "none";
      watch.finished = Boolean(r.finished);
      watch.summary = r.summary || "";
      watchReset();
      drawFrame();
      if (watch.frames.length) watchPlay();
    },
    (err) => {
      $("watch-text").textContent = err.message;
    },
  );
}

/** Wire the dialog's controls; `context` gives the current session and engine. */
export function setupWatch(context) {
  ctx = context;
  $("watch-dialog").addEventListener("close", watchStop);
  $("watch-play").addEventListener("click", watchPlay);
  $("watch-step").addEventListener("click", () => {
    watchStop();
    watchStep();
    drawFrame();
  });
  $("watch-algorithm").addEventListener("change", watchLoad);
  $("watch-speed").addEventListener("input", () => {
    if (watch.timer) {
      watchStop();
      watchPlay();
    }
  });
  return watch;
}

/** Open the dialog on the game's puzzle and start the algorithm chosen. */
export function openWatch() {
  watchBoard();
  $("watch-dialog").showModal();
  watchLoad();
}
