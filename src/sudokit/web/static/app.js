// sudokit in the browser: the page draws the board and plays every move itself at once;
// the engine (sudokit in Pyodide, in a Worker) joins when it has loaded and is then the
// authority: it replays the move log, answers hints, checks, explanations, new puzzles and
// watched solvers. Every move is saved at once; a reload resumes.

import { branchLegend, drawBranches } from "./branches.js";
import { Engine } from "./engine.js";
import { openWatch as showWatch, setupWatch } from "./watch.js";
import { Game, MoveError, Session, digitOf, symbol } from "./game.js";
import {
  LEVELS, SIZES, cellName, digitsOf, levelLabel, levelsFor, parseRules, variantKey, variantLabel, variantProblem,
} from "./rules.js";

const SAVE_KEY = "sudokit.save";
const SETTINGS_KEY = "sudokit.settings";
const STATS_KEY = "sudokit.stats";
const BANK_USED_KEY = "sudokit.bank-used";
const LONG_PRESS_MS = 450;

// The puzzle played when there is neither a save nor a bank (the page served alone).
const FALLBACK = {
  rules: "9",
  givens: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  solution: "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
  level: "easy",
  seed: 0,
};

const $ = (id) => document.getElementById(id);

function load(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused: play on
  }
}

function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? h + ":" : ""}${mm}:${String(sec).padStart(2, "0")}`;
}

// --- state --------------------------------------------------------------------------

const settings = {
  theme: "auto", hideTimer: false, showMistakes: false, size: 9, level: "medium", variant: "",
  ...load(SETTINGS_KEY, {}),
};
const ui = {
  selected: null, // cell index
  armed: null, // digit-first: the digit a tap on a cell enters
  notesMode: false,
  hint: null, // {stage, text, cells, reasons, moves}
  checked: null, // Set of cells Check found wrong (shown until the next move)
  preview: null, // an explanation's step shown on its own position: {path, positions, index}
  paused: false,
  busyNew: false,
};
let session = null;
let meta = null; // {elapsed, counted, startedAt}
let engine = null;
let bank = null;
const pending = []; // what waits for the engine: functions run once it is ready

// --- saving -------------------------------------------------------------------------

function save() {
  if (!session) return;
  tick();
  store(SAVE_KEY, {
    game: session.game.info,
    moves: session.moves,
    position: session.position,
    elapsed: meta.elapsed,
    counted: meta.counted,
    gaveUp: meta.gaveUp,
  });
}

function saveSettings() {
  store(SETTINGS_KEY, settings);
}

// --- statistics ---------------------------------------------------------------------

function statsKey(info) {
  const rules = parseRules(info.rules);
  return `${rules.n}|${info.level || "custom"}|${variantKey(rules.variants)}`;
}

function record(won) {
  if (!session || meta.counted) return;
  const stats = load(STATS_KEY, {});
  const key = statsKey(session.game.info);
  const row = stats[key] || { played: 0, won: 0, best: null };
  row.played += 1;
  if (won) {
    row.won += 1;
    if (row.best === null || meta.elapsed < row.best) row.best = meta.elapsed;
  }
  stats[key] = row;
  store(STATS_KEY, stats);
  meta.counted = true;
}

// --- timer --------------------------------------------------------------------------

function running() {
  return session && !ui.paused && !session.finished && document.visibilityState === "visible";
}

function tick() {
  const now = performance.now();
  if (meta.startedAt !== null && running()) meta.elapsed += now - meta.startedAt;
  meta.startedAt = running() ? now : null;
}

function drawTimer() {
  tick();
  $("timer-text").textContent = settings.hideTimer ? "" : formatTime(meta.elapsed);
  $("timer").classList.toggle("hidden-time", settings.hideTimer);
}

function setPaused(paused) {
  tick();
  ui.paused = paused && !session.finished;
  tick();
  $("timer").setAttribute("aria-label", ui.paused ? "Resume" : "Pause");
  $("timer").classList.toggle("paused", ui.paused);
  render();
  save();
}

// --- starting games -----------------------------------------------------------------

function startGame(info, moves = [], position = null, extra = {}) {
  if (session && session.moves.length && !session.finished) record(false);
  session = new Session(info, moves, position);
  meta = { elapsed: 0, counted: false, gaveUp: false, startedAt: null, ...extra };
  meta.startedAt = null;
  ui.selected = null;
  ui.armed = null;
  ui.hint = null;
  ui.checked = null;
  ui.preview = null;
  ui.paused = false;
  buildBoard();
  tick();
  render();
  save();
  syncEngine();
}

function bankPuzzles() {
  if (!bank) return [];
  if (Array.isArray(bank)) return bank;
  if (Array.isArray(bank.puzzles)) return bank.puzzles;
  return Object.values(bank).flat().filter((p) => p && typeof p === "object" && p.givens);
}

function fromBank(size, level, variant, { freshOnly = false } = {}) {
  const used = new Set(load(BANK_USED_KEY, []));
  const fits = bankPuzzles().filter((p) => {
    try {
      const rules = parseRules(p.rules);
      return rules.n === size && (!level || p.level === level) && variantKey(rules.variants) === variant;
    } catch {
      return false;
    }
  });
  if (!fits.length) return null;
  const id = (p) => `${p.rules}|${p.givens}`;
  const fresh = fits.filter((p) => !used.has(id(p)));
  if (freshOnly && !fresh.length) return null;
  const pick = (fresh.length ? fresh : fits)[Math.floor(Math.random() * (fresh.length || fits.length))];
  used.add(id(pick));
  store(BANK_USED_KEY, [...used].slice(-500));
  return pick;
}

function newGame(size, level, variant) {
  const wanted = { size, level, variant };
  // The bank's puzzles come at once; once they are all played, the engine makes new ones
  // (and before it has loaded, a bank puzzle is played again rather than none).
  const banked = fromBank(size, level, variant, { freshOnly: engine.ready });
  if (banked) {
    startGame(banked);
    say(`New ${size}×${size} ${levelLabel(level)} puzzle.`);
    return;
  }
  if (engine.failed) {
    say(`No puzzle of that kind is stored here and the engine did not load: ${engine.failed}`);
    return;
  }
  ui.busyNew = true;
  say(engine.ready ? "Making a puzzle…" : "Making a puzzle as soon as the engine has loaded…");
  whenReady(() =>
    engine.request("new", { size: wanted.size, level: wanted.level, variant: wanted.variant }).then(
      (game) => {
        ui.busyNew = false;
        startGame(game);
        say(`New ${size}×${size} ${levelLabel(game.level || level)} ${variantLabel(variant)} puzzle.`);
      },
      (err) => {
        ui.busyNew = false;
        say(err.message);
      },
    ),
  );
}

function openText(text, { fromLink = false } = {}) {
  return new Promise((resolve, reject) => {
    whenReady(() =>
      engine.request("open", { text }).then(
        (game) => {
          // a pencil-mark grid's placed digits and notes come as moves: the game starts there
          startGame(game, game.moves || []);
          say(fromLink ? "Opened the puzzle from the link." : "Opened the puzzle.");
          resolve(game);
        },
        (err) => {
          say(err.message);
          reject(err);
        },
      ),
    );
  });
}

// --- the engine -------------------------------------------------------------------------

function whenReady(fn) {
  if (engine.ready || engine.failed) fn();
  else pending.push(fn);
}

function syncEngine() {
  if (!engine || !engine.ready || !session) return;
  const info = session.game.info;
  tick();
  const args = {
    rules: info.rules, givens: info.givens, moves: session.moves, position: session.position,
    elapsed: meta.elapsed / 1000,
  };
  if (info.solution) args.solution = info.solution;
  if (info.level) args.level = info.level;
  if (info.seed !== undefined && info.seed !== null) args.seed = info.seed;
  engine.request("sync", args).then(adopt, (err) => say(`The engine could not follow this game: ${err.message}`));
}

function adopt(view, { force = false } = {}) {
  if (!view || !session) return;
  const moves = view.moves || [];
  // Only a view of where the page is now: a later move's view is on its way.
  const same = moves.length === session.moves.length && moves.every((m, i) => m === session.moves[i]);
  if (!force && (!same || view.position !== session.position)) return;
  session.adopt(view);
  if (force) save();
  render();
}

function tellEngine(op, args = {}) {
  if (!engine.ready) return;
  engine.request(op, args).then(adopt, (err) => {
    say(err.message);
    syncEngine();
  });
}

// --- messages ---------------------------------------------------------------------------

function say(text) {
  $("status").textContent = text;
}

// --- the board --------------------------------------------------------------------------

let cells = [];

function buildBoard() {
  const rules = session.game.rules;
  const n = rules.n;
  const board = $("board");
  board.textContent = "";
  board.style.setProperty("--n", n);
  board.dataset.size = String(n);
  board.setAttribute("aria-label", `Sudoku ${n}×${n}, ${rules.name}`);
  board.setAttribute("aria-rowcount", String(n));
  board.setAttribute("aria-colcount", String(n));
  const diag = new Set(rules.diagonals.flat());
  const win = new Set(rules.windows.flat());
  const cageOf = new Map();
  rules.cages.forEach((k, i) => k.cells.forEach((c) => cageOf.set(c, i)));
  cells = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    row.setAttribute("aria-rowindex", String(r + 1));
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const el = document.createElement("div");
      el.className = "cell";
      el.setAttribute("role", "gridcell");
      el.setAttribute("aria-colindex", String(c + 1));
      el.tabIndex = -1;
      el.dataset.cell = String(cell);
      const reg = rules.regionOf[cell];
      if (r > 0 && rules.regionOf[cell - n] !== reg) el.classList.add("bt");
      if (c > 0 && rules.regionOf[cell - 1] !== reg) el.classList.add("bl");
      if (r === 0) el.classList.add("edge-t");
      if (c === 0) el.classList.add("edge-l");
      if (diag.has(cell)) el.classList.add("diag");
      if (win.has(cell)) el.classList.add("win");
      const digit = document.createElement("span");
      digit.className = "digit";
      digit.setAttribute("aria-hidden", "true");
      const notes = document.createElement("span");
      notes.className = "notes";
      notes.setAttribute("aria-hidden", "true");
      notes.style.setProperty("--nr", rules.boxRows);
      notes.style.setProperty("--nc", rules.boxCols);
      for (let d = 1; d <= n; d++) {
        const s = document.createElement("span");
        s.dataset.d = String(d);
        notes.appendChild(s);
      }
      el.append(digit, notes);
      if (cageOf.has(cell)) {
        const k = cageOf.get(cell);
        const line = document.createElement("span");
        line.className = "cage";
        line.setAttribute("aria-hidden", "true");
        if (r === 0 || cageOf.get(cell - n) !== k) line.classList.add("ct");
        if (r === n - 1 || cageOf.get(cell + n) !== k) line.classList.add("cb");
        if (c === 0 || cageOf.get(cell - 1) !== k) line.classList.add("cl");
        if (c === n - 1 || cageOf.get(cell + 1) !== k) line.classList.add("cr");
        const cage = rules.cages[k];
        if (cage.cells[0] === cell && cage.total !== null) {
          const sum = document.createElement("span");
          sum.className = "cage-sum";
          sum.setAttribute("aria-hidden", "true");
          sum.textContent = String(cage.total);
          el.appendChild(sum);
        }
        el.appendChild(line);
      }
      row.appendChild(el);
      cells.push(el);
    }
    board.appendChild(row);
  }
  buildPad();
}

function buildPad() {
  const n = session.game.n;
  const pad = $("pad");
  pad.textContent = "";
  pad.dataset.size = String(n);
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "key";
    b.dataset.digit = String(d);
    b.setAttribute("aria-label", symbol(d));
    b.innerHTML = `<span class="key-digit">${symbol(d)}</span><span class="key-left" aria-hidden="true"></span>`;
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.className = "key erase";
  erase.id = "erase";
  erase.title = "Erase (Backspace)";
  erase.innerHTML = `<span class="key-digit" aria-hidden="true">⌫</span><span class="key-left">Erase</span>`;
  erase.setAttribute("aria-label", "Erase");
  pad.appendChild(erase);
}

// Writes only what changed: a redraw after a tap then touches a few cells, not every one.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function unitsOf(rules, cell) {
  const out = new Set();
  for (const unit of rules.units) if (unit.includes(cell)) for (const c of unit) out.add(c);
  return out;
}

function render() {
  if (!session) return;
  const game = session.game;
  const rules = game.rules;
  const n = rules.n;
  // An explanation's step is shown on its own position, as the hint's last stage: the
  // player's game, selection and marks wait, untouched, behind it.
  const preview = previewShown();
  const st = preview ? preview.state : session.state;
  const shown = preview ? preview.hint : ui.hint;
  const selected = preview ? null : ui.selected;
  const board = game.board(st);
  const conflicts = game.conflicts(st);
  const wrong = settings.showMistakes && !preview ? game.mistakes(st) : new Set();
  if (ui.checked && !preview) for (const c of ui.checked) wrong.add(c);
  const around = selected !== null ? unitsOf(rules, selected) : new Set();
  const focusDigit = preview ? 0 : ui.armed || (selected !== null ? board[selected] : 0);
  const hintCells = new Set(shown && shown.stage >= 2 ? shown.cells : []);
  const reasonCells = new Set(shown && shown.stage >= 3 ? shown.reasons : []);
  const areaCells = new Set(shown && shown.stage >= 2 ? shown.area || [] : []);
  // the whole deduction (stage 3): its pattern's candidates and what it rules out
  const marks = new Map();
  if (shown && shown.stage >= 3) {
    for (const [c, d] of shown.pattern || []) marks.set(`${c}:${d}`, "pattern");
    for (const [c, d] of shown.eliminations || []) marks.set(`${c}:${d}`, "struck");
    // a forcing step's branches: every candidate they pass through is shown
    const drawing = shown.drawing;
    if (drawing) {
      const node = (c, d) => { if (!marks.has(`${c}:${d}`)) marks.set(`${c}:${d}`, "node"); };
      for (const b of drawing.branches) node(b.start[0], b.start[1]);
      for (const [, fc, fd, tc, td] of drawing.links) { node(fc, fd); node(tc, td); }
    }
  }
  const revealed = new Set(st.revealed);
  for (let cell = 0; cell < rules.ncells; cell++) {
    const el = cells[cell];
    const d = board[cell];
    const given = game.givens[cell] !== 0;
    const notes = d ? [] : digitsOf(st.notes[cell]);
    let name = `row ${Math.floor(cell / n) + 1}, column ${(cell % n) + 1}, `;
    if (d) name += symbol(d) + (given ? ", given" : revealed.has(cell) ? ", revealed" : "");
    else if (notes.length) name += `notes ${notes.map(symbol).join(" ")}`;
    else name += "empty";
    if (conflicts.has(cell)) name += ", conflict";
    if (wrong.has(cell) && !given) name += ", mistake";
    if (hintCells.has(cell)) name += ", hint";
    setAttr(el, "aria-label", name);
    setText(el.firstChild, d ? symbol(d) : "");
    const noteEls = el.children[1].children;
    for (let k = 0; k < n; k++) {
      const mark = d ? undefined : marks.get(`${cell}:${k + 1}`);
      const on = !d && ((st.notes[cell] >> k) & 1 || mark);
      setText(noteEls[k], on ? symbol(k + 1) : "");
      noteEls[k].classList.toggle("match", Boolean(on) && !mark && focusDigit === k + 1);
      noteEls[k].classList.toggle("pattern", mark === "pattern");
      noteEls[k].classList.toggle("struck", mark === "struck");
      noteEls[k].classList.toggle("node", mark === "node");
    }
    const sel = selected === cell;
    setAttr(el, "aria-selected", sel ? "true" : "false");
    const tab = sel || (selected === null && cell === 0) ? 0 : -1;
    if (el.tabIndex !== tab) el.tabIndex = tab;
    const cl = el.classList;
    cl.toggle("given", given);
    cl.toggle("entered", Boolean(d) && !given);
    cl.toggle("revealed", revealed.has(cell));
    cl.toggle("selected", sel);
    cl.toggle("around", !sel && around.has(cell));
    cl.toggle("same", Boolean(d) && d === focusDigit && !sel);
    cl.toggle("conflict", conflicts.has(cell));
    cl.toggle("mistake", wrong.has(cell) && !given);
    cl.toggle("hinted", hintCells.has(cell));
    cl.toggle("reason", reasonCells.has(cell));
    cl.toggle("area", areaCells.has(cell) && !hintCells.has(cell));
  }
  // the pad: remaining counts, armed digit
  const left = game.remaining(st);
  for (const key of $("pad").querySelectorAll(".key[data-digit]")) {
    const d = Number(key.dataset.digit);
    setText(key.querySelector(".key-left"), left[d] ? String(left[d]) : "");
    setAttr(key, "aria-description", left[d] === 1 ? "1 left" : `${left[d]} left`);
    key.classList.toggle("done", left[d] === 0);
    key.classList.toggle("armed", ui.armed === d);
    setAttr(key, "aria-pressed", ui.armed === d ? "true" : "false");
  }
  $("notes").setAttribute("aria-pressed", ui.notesMode ? "true" : "false");
  $("pad").classList.toggle("notes-mode", ui.notesMode);
  $("undo").disabled = !session.canUndo;
  $("redo").disabled = !session.canRedo;
  $("apply").hidden = Boolean(preview) || !(ui.hint && ui.hint.stage >= 3 && ui.hint.moves && ui.hint.moves.length);
  showBranches();
  drawPreview(preview);
  const cover = $("cover");
  cover.hidden = !ui.paused;
  $("done").hidden = !session.finished || Boolean(preview);
  if (session.finished) {
    const byPlayer = !session.moves.slice(0, session.position).includes("solve");
    $("done-text").textContent = byPlayer ? `Solved in ${formatTime(meta.elapsed)}` : "Solved";
  }
  $("board").classList.toggle("blurred", ui.paused);
  $("board").classList.toggle("finished", session.finished && !preview);
  const info = game.info;
  $("game-label").textContent = `${n}×${n} · ${levelLabel(info.level || "custom")}${rules.variants.length ? " · " + rules.name : ""}`;
  drawTimer();
}

// A forcing step's branches over the board and in words (the hint's last stage); drawn
// again when the board changes size.
let branchesShown = null;

function showBranches(force = false) {
  const preview = previewShown();
  const shown = preview ? preview.hint : ui.hint;
  const drawing = shown && shown.stage >= 3 && !ui.paused ? shown.drawing || null : null;
  if (drawing === branchesShown && !force) return;
  branchesShown = drawing;
  const noteAt = (cell, digit) => cells[cell].children[1].children[digit - 1];
  drawBranches($("branches"), $("board"), noteAt, drawing);
  branchLegend($("branch-legend"), drawing);
}

// --- playing ----------------------------------------------------------------------------

function play(code) {
  if (!session || ui.paused || ui.preview) return false;
  if (session.finished) {
    say("Solved. Start a new game to play again.");
    return false;
  }
  let changed;
  try {
    changed = session.play(code);
  } catch (err) {
    if (err instanceof MoveError) {
      say(err.message[0].toUpperCase() + err.message.slice(1) + ".");
      return false;
    }
    throw err;
  }
  if (!changed) return false;
  ui.hint = null;
  ui.checked = null;
  if (navigator.vibrate) navigator.vibrate(8);
  if (!meta.persisted && navigator.storage && navigator.storage.persist) {
    meta.persisted = true; // ask once that the browser keep the saves
    navigator.storage.persist().catch(() => {});
  }
  afterMove();
  tellEngine("play", { move: code });
  return true;
}

function afterMove() {
  if (session.finished) {
    tick();
    const byPlayer = !session.moves.slice(0, session.position).includes("solve");
    record(byPlayer);
    say(byPlayer ? `Solved in ${formatTime(meta.elapsed)}!` : "Solved (the solution was filled in).");
  } else if ($("status").dataset.sticky !== "1") {
    say("");
  }
  render();
  save();
}

function enter(cell, digit, asNote = false) {
  const game = session.game;
  if (game.isLocked(session.state, cell)) {
    say(`${cellName(game.n, cell)} is ${game.givens[cell] ? "a given" : "revealed"}.`);
    return;
  }
  const code = asNote ? `n ${cellName(game.n, cell)} ${symbol(digit)}` : `s ${cellName(game.n, cell)} ${symbol(digit)}`;
  if (asNote && session.state.entries[cell]) {
    say(`${cellName(game.n, cell)} holds a digit; erase it to write notes.`);
    return;
  }
  play(code);
}

function erase(cell) {
  if (cell === null) return;
  const game = session.game;
  if (game.isLocked(session.state, cell)) return;
  play(`e ${cellName(game.n, cell)}`);
}

function select(cell) {
  ui.selected = cell;
  render();
  if (cell !== null) cells[cell].focus({ preventScroll: true });
}

function pressDigit(d, { asNote = false } = {}) {
  if (!session || ui.paused || ui.preview) return;
  if (asNote) {
    if (ui.selected !== null) enter(ui.selected, d, true);
    return;
  }
  if (ui.armed !== null) {
    ui.armed = ui.armed === d ? null : d;
    render();
    return;
  }
  if (ui.selected !== null) {
    enter(ui.selected, d, ui.notesMode);
    return;
  }
  ui.armed = d; // digit first: the next taps on cells enter it
  say(`${symbol(d)}: tap cells to ${ui.notesMode ? "note" : "place"} it; tap ${symbol(d)} again to stop.`);
  render();
}

function tapCell(cell) {
  if (!session || ui.paused || ui.preview) return;
  ui.selected = cell;
  if (ui.armed !== null) {
    const locked = session.game.isLocked(session.state, cell);
    if (!locked) enter(cell, ui.armed, ui.notesMode);
    else ui.armed = session.game.board(session.state)[cell] || ui.armed;
  }
  render();
  cells[cell].focus({ preventScroll: true });
}

function undo() {
  if (ui.preview || !session.undo()) return;
  ui.hint = null;
  ui.checked = null;
  afterMove();
  tellEngine("undo");
}

function redo() {
  if (ui.preview || !session.redo()) return;
  ui.hint = null;
  ui.checked = null;
  afterMove();
  tellEngine("redo");
}

function toggleNotes() {
  if (ui.preview) return;
  ui.notesMode = !ui.notesMode;
  render();
}

// --- hints, check, explanation -----------------------------------------------------------

function needEngine(what) {
  if (engine.ready) return true;
  say(engine.failed ? `${what} needs the engine, which did not load: ${engine.failed}` : `${what} needs the engine; it is still loading…`);
  return false;
}

function hint() {
  if (!session || session.finished || ui.paused || ui.preview) return;
  if (ui.hint && ui.hint.stage >= 3) {
    applyHint();
    return;
  }
  if (!needEngine("A hint")) return;
  const stage = ui.hint ? ui.hint.stage + 1 : 1;
  const position = session.position;
  engine.request("hint", { stage }).then(
    (h) => {
      if (session.position !== position) return;
      if (h.view) adopt(h.view, { force: true }); // the hint mended wrong notes first
      ui.hint = { ...h, stage: h.stage || stage };
      say(h.text || "No hint.");
      render();
    },
    (err) => say(err.message),
  );
}

function applyHint() {
  const h = ui.hint;
  if (!h || !h.moves || !h.moves.length) return;
  ui.hint = null;
  let played = 0;
  for (const code of h.moves) if (play(code)) played += 1;
  if (played && !session.finished) say("Hint applied.");
  render();
}

function check() {
  if (!session || ui.preview) return;
  const game = session.game;
  const local = () => {
    const wrong = game.mistakes(session.state);
    const conflicts = game.conflicts(session.state);
    ui.checked = wrong;
    if (session.finished) say("Solved!");
    else if (!game.solution) say(conflicts.size ? `${conflicts.size} cells break the rules.` : "No conflicts so far.");
    else say(wrong.size ? `${wrong.size} ${wrong.size === 1 ? "digit is" : "digits are"} wrong.` : "No mistakes so far.");
    render();
  };
  if (!engine.ready) {
    local();
    return;
  }
  const position = session.position;
  engine.request("check").then(
    (r) => {
      if (session.position !== position) return;
      ui.checked = new Set(r.mistakes || []);
      say(r.text || (r.solved ? "Solved!" : ui.checked.size ? `${ui.checked.size} wrong.` : "No mistakes so far."));
      render();
    },
    () => local(),
  );
}

function explain() {
  if (!needEngine("The explanation")) return;
  const dlg = $("explain-dialog");
  const list = $("explain-steps");
  list.textContent = "";
  $("explain-note").textContent = "Working it out…";
  dlg.showModal();
  engine.request("explain").then(
    (r) => {
      const steps = r.steps || [];
      $("explain-note").textContent = steps.length
        ? `${steps.length} steps from this position. Tap a step to see it on the board.`
        : r.text || "Nothing left to explain.";
      for (const [i, step] of steps.entries()) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "step";
        b.innerHTML = `<span class="technique"></span><span class="step-text"></span>`;
        b.querySelector(".technique").textContent = `${step.name || step.technique || ""}${step.level ? " · " + levelLabel(step.level) : ""}`;
        b.querySelector(".step-text").textContent = step.text || "";
        b.addEventListener("click", () => {
          dlg.close();
          showStep(r, i);
        });
        li.appendChild(b);
        list.appendChild(li);
      }
    },
    (err) => {
      $("explain-note").textContent = err.message;
    },
  );
}

// An explanation's step on the board: the position before it (the path's start with the
// earlier steps played, as the engine tells them) and the step drawn on it as the hint's
// last stage draws it. Only a view: the player's game stays as it was, and comes back.

function stepPositions(path) {
  const cells = path.start.cells.slice();
  const masks = path.start.candidates.slice();
  const out = [];
  for (const step of path.steps) {
    out.push({ cells: cells.slice(), masks: masks.slice() });
    for (const [c, d] of step.placements) cells[c] = d;
    for (const [c, m] of step.candidates) masks[c] = m;
  }
  return out;
}

function showStep(path, index) {
  if (!session || !path.start || !path.steps.length) return;
  ui.preview = { path, positions: stepPositions(path), index: 0 };
  goToStep(index);
  const next = $("preview-next");
  (next.disabled ? $("preview-back") : next).focus({ preventScroll: true });
}

function goToStep(index) {
  const p = ui.preview;
  if (!p) return;
  p.index = Math.max(0, Math.min(index, p.path.steps.length - 1));
  render();
}

function leavePreview() {
  if (!ui.preview) return;
  ui.preview = null;
  render();
  const focus = ui.selected !== null ? cells[ui.selected] : null;
  if (focus) focus.focus({ preventScroll: true });
}

// The step shown, as render draws it: its position (digits and candidates) and its picture
// in the hint's shape at the last stage (a placement shown among the pattern's candidates).
function previewShown() {
  const p = ui.preview;
  if (!p) return null;
  const step = p.path.steps[p.index];
  const at = p.positions[p.index];
  const givens = session.game.givens;
  const state = {
    entries: at.cells.map((d, c) => (givens[c] ? 0 : d)), notes: at.masks, revealed: [], auto: [],
  };
  const hint = {
    stage: 3, cells: step.cells, reasons: step.reasons, area: step.area,
    pattern: [...(step.pattern || []), ...step.placements], eliminations: step.eliminations,
    drawing: step.drawing || null,
  };
  return { state, hint, step, index: p.index, total: p.path.steps.length };
}

function drawPreview(preview) {
  const on = Boolean(preview);
  $("preview").hidden = !on;
  $("board-wrap").classList.toggle("previewing", on);
  $("board").setAttribute("aria-readonly", on ? "true" : "false");
  document.querySelector(".side").classList.toggle("previewing", on);
  if (!on) return;
  const { step, index, total } = preview;
  setText($("preview-title"), `Step ${index + 1} of ${total}: ${step.name || step.technique}`);
  setText($("preview-text"), step.text || "");
  $("preview-prev").disabled = index === 0;
  $("preview-next").disabled = index === total - 1;
}

// --- watch ------------------------------------------------------------------------------

let watch = null; // the watched solver's state (watch.js)

function openWatch() {
  if (!needEngine("Watching a solver")) return;
  showWatch();
}

// --- dialogs ----------------------------------------------------------------------------

const RULES_CHOICES = [
  ["", "Classic"], ["x", "X"], ["windoku", "Windoku"], ["jigsaw", "Jigsaw"],
  ["anti-knight", "Anti-knight"], ["anti-king", "Anti-king"], ["non-consecutive", "Non-consecutive"],
  ["killer", "Killer"],
];

const choice = { size: 9, level: "medium", rule: "", plusX: false };

function segment(container, items, current, onPick) {
  container.textContent = "";
  for (const [value, text, disabled, why] of items) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.className = "seg";
    b.setAttribute("aria-pressed", value === current ? "true" : "false");
    b.disabled = Boolean(disabled);
    if (why) b.title = why;
    b.addEventListener("click", () => onPick(value));
    container.appendChild(b);
  }
}

function chosenVariant() {
  const names = choice.rule ? [choice.rule] : [];
  if (choice.plusX && choice.rule && choice.rule !== "x") names.push("x");
  return variantKey(names);
}

function drawNewDialog() {
  const sizes = SIZES.map((s) => [s, `${s}×${s}`]);
  segment($("new-sizes"), sizes, choice.size, (s) => { choice.size = s; drawNewDialog(); });
  if (variantProblem(choice.size, variantKey([choice.rule]))) choice.rule = "";
  const rules = RULES_CHOICES.map(([v, t]) => {
    const why = variantProblem(choice.size, variantKey([v]));
    return [v, t, Boolean(why), why];
  });
  segment($("new-rules"), rules, choice.rule, (v) => { choice.rule = v; drawNewDialog(); });
  const xWhy = choice.rule && choice.rule !== "x" ? variantProblem(choice.size, variantKey([choice.rule, "x"])) : "";
  const plus = $("new-plus-x");
  plus.disabled = !choice.rule || choice.rule === "x" || Boolean(xWhy);
  if (plus.disabled) choice.plusX = false;
  plus.checked = choice.plusX;
  const levels = offeredLevels(choice.size, chosenVariant());
  if (!levels.includes(choice.level)) {
    const below = levels.filter((lv) => LEVELS.indexOf(lv) <= LEVELS.indexOf(choice.level));
    choice.level = below.length ? below[below.length - 1] : levels[0];
  }
  segment($("new-levels"), levels.map((lv) => [lv, levelLabel(lv)]), choice.level, (lv) => { choice.level = lv; drawNewDialog(); });
  const notes = [];
  const off = rules.filter((r) => r[2]).map((r) => r[3]);
  if (off.length) notes.push(...new Set(off));
  if (xWhy) notes.push(xWhy);
  const variant = chosenVariant();
  if (!engine.ready && !fromBankAvailable(choice.size, choice.level, variant)) {
    notes.push(engine.failed ? "The engine did not load, so only stored puzzles can be played." : "This puzzle will be made as soon as the engine has loaded.");
  }
  $("new-note").textContent = notes.join(" ");
}

const levelsKnown = new Map(); // "size|variant" -> the engine's levels

function offeredLevels(size, variant) {
  const key = `${size}|${variant}`;
  if (levelsKnown.has(key)) return levelsKnown.get(key);
  if (engine.ready) {
    levelsKnown.set(key, levelsFor(size));
    engine.request("levels", { size, variant }).then(
      (r) => {
        if (Array.isArray(r.levels) && r.levels.length) {
          levelsKnown.set(key, r.levels);
          if ($("new-dialog").open) drawNewDialog();
        }
      },
      () => {},
    );
  }
  return levelsKnown.get(key) || levelsFor(size);
}

function fromBankAvailable(size, level, variant) {
  return bankPuzzles().some((p) => {
    try {
      const r = parseRules(p.rules);
      return r.n === size && p.level === level && variantKey(r.variants) === variant;
    } catch {
      return false;
    }
  });
}

function openNewDialog() {
  choice.size = settings.size;
  choice.level = settings.level;
  const names = (settings.variant || "").split("+").filter(Boolean);
  const others = names.filter((v) => v !== "x");
  choice.rule = others[0] || (names.includes("x") ? "x" : "");
  choice.plusX = others.length > 0 && names.includes("x");
  drawNewDialog();
  $("new-dialog").showModal();
}

function openStats() {
  const stats = load(STATS_KEY, {});
  const table = $("stats-table");
  const keys = Object.keys(stats).sort((a, b) => {
    const [sa, la, va] = a.split("|"), [sb, lb, vb] = b.split("|");
    return Number(sa) - Number(sb) || LEVELS.indexOf(la) - LEVELS.indexOf(lb) || va.localeCompare(vb);
  });
  table.innerHTML = "<thead><tr><th>Size</th><th>Level</th><th>Rules</th><th>Played</th><th>Won</th><th>Best</th></tr></thead>";
  const body = document.createElement("tbody");
  for (const key of keys) {
    const [size, level, variant] = key.split("|");
    const row = stats[key];
    const tr = document.createElement("tr");
    for (const text of [`${size}×${size}`, levelLabel(level), variantLabel(variant), row.played, row.won, row.best === null ? "—" : formatTime(row.best)]) {
      const td = document.createElement("td");
      td.textContent = String(text);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  if (!keys.length) body.innerHTML = `<tr><td colspan="6">No games finished yet.</td></tr>`;
  const reset = $("stats-reset");
  reset.dataset.armed = "0";
  reset.textContent = "Reset";
  reset.disabled = !keys.length;
  table.appendChild(body);
  $("stats-dialog").showModal();
}

function share() {
  const info = session.game.info;
  const local = () => {
    const rules = parseRules(info.rules);
    const line = rules.variants.length ? `${info.rules}:${info.givens}` : info.givens;
    return { line, link: `?p=${encodeURIComponent(line)}` };
  };
  const go = (r) => {
    const url = new URL(r.link, location.href).href;
    if (navigator.share) {
      navigator.share({ title: "sudokit puzzle", text: r.line, url }).catch(() => {});
      return;
    }
    const done = () => say("Link copied: send it to a friend.");
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, () => say(`Share this link: ${url}`));
    } else {
      say(`Share this link: ${url}`);
    }
  };
  if (engine.ready) engine.request("share", { rules: info.rules, givens: info.givens }).then(go, () => go(local()));
  else go(local());
}

function applyTheme() {
  document.documentElement.dataset.theme = settings.theme;
  const words = { auto: "system", light: "light", dark: "dark" };
  $("theme-button").textContent = `Theme: ${words[settings.theme] || "system"}`;
}

function menuAction(action) {
  closeMenu();
  switch (action) {
    case "auto-notes": play("auto"); break;
    case "clear-notes": play("clear-notes"); break;
    case "explain": explain(); break;
    case "watch": openWatch(); break;
    case "open":
      $("open-error").textContent = "";
      $("open-dialog").showModal();
      break;
    case "share": share(); break;
    case "stats": openStats(); break;
    case "restart": play("restart"); break;
    case "reveal":
      if (ui.selected === null) say("Select a cell to reveal.");
      else play(`reveal ${cellName(session.game.n, ui.selected)}`);
      break;
    case "mistakes":
      settings.showMistakes = !settings.showMistakes;
      saveSettings();
      render();
      break;
    case "hide-timer":
      settings.hideTimer = !settings.hideTimer;
      saveSettings();
      render();
      break;
    case "theme": {
      const order = ["auto", "light", "dark"];
      settings.theme = order[(order.indexOf(settings.theme) + 1) % 3];
      saveSettings();
      applyTheme();
      break;
    }
    default:
  }
  syncMenu();
}

function syncMenu() {
  const m = $("menu");
  m.querySelector('[data-action="mistakes"]').setAttribute("aria-pressed", String(settings.showMistakes));
  m.querySelector('[data-action="hide-timer"]').setAttribute("aria-pressed", String(settings.hideTimer));
}

function closeMenu() {
  $("menu").hidden = true;
  $("menu-button").setAttribute("aria-expanded", "false");
}

// --- input ------------------------------------------------------------------------------

function longPress(el, onLong) {
  let timer = null;
  let fired = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  el.addEventListener("pointerdown", (event) => {
    fired = false;
    cancel();
    const target = event.target;
    timer = setTimeout(() => {
      fired = true;
      timer = null;
      onLong(target);
    }, LONG_PRESS_MS);
  });
  for (const name of ["pointerup", "pointercancel", "pointerleave"]) el.addEventListener(name, cancel);
  el.addEventListener("contextmenu", (event) => event.preventDefault());
  el.addEventListener("click", (event) => {
    if (fired) {
      fired = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  }, true);
}

function wire() {
  const board = $("board");
  board.addEventListener("click", (event) => {
    const el = event.target.closest(".cell");
    if (el) tapCell(Number(el.dataset.cell));
  });
  longPress(board, (target) => {
    const el = target.closest && target.closest(".cell");
    if (!el || !session || ui.preview) return;
    const cell = Number(el.dataset.cell);
    ui.selected = cell;
    const d = ui.armed;
    if (d) enter(cell, d, true);
    else {
      ui.notesMode = !ui.notesMode;
      say(ui.notesMode ? "Notes on." : "Notes off.");
    }
    render();
  });
  const pad = $("pad");
  pad.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    if (!key) return;
    if (key.id === "erase") erase(ui.selected);
    else pressDigit(Number(key.dataset.digit));
  });
  longPress(pad, (target) => {
    const key = target.closest && target.closest("button[data-digit]");
    if (key) pressDigit(Number(key.dataset.digit), { asNote: true });
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("notes").addEventListener("click", toggleNotes);
  $("hint").addEventListener("click", hint);
  $("apply").addEventListener("click", applyHint);
  $("check").addEventListener("click", check);
  $("preview-prev").addEventListener("click", () => goToStep(ui.preview.index - 1));
  $("preview-next").addEventListener("click", () => goToStep(ui.preview.index + 1));
  $("preview-back").addEventListener("click", leavePreview);
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (branchesShown) showBranches(true); }).observe($("board"));
  }
  $("timer").addEventListener("click", () => setPaused(!ui.paused));
  $("resume").addEventListener("click", () => setPaused(false));
  $("new-game").addEventListener("click", openNewDialog);
  $("done-new").addEventListener("click", openNewDialog);
  $("menu-button").addEventListener("click", () => {
    const menu = $("menu");
    menu.hidden = !menu.hidden;
    $("menu-button").setAttribute("aria-expanded", String(!menu.hidden));
    syncMenu();
    if (!menu.hidden) menu.querySelector("button").focus();
  });
  $("menu").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-action]");
    if (b) menuAction(b.dataset.action);
  });
  document.addEventListener("pointerdown", (event) => {
    if (!$("menu").hidden && !event.target.closest("#menu, #menu-button")) closeMenu();
  });
  for (const dlg of document.querySelectorAll("dialog")) {
    dlg.addEventListener("click", (event) => {
      if (event.target.closest("[data-close]")) dlg.close();
    });
  }
  watch = setupWatch({ session: () => session, engine: () => engine });
  $("new-plus-x").addEventListener("change", (event) => {
    choice.plusX = event.target.checked;
    drawNewDialog();
  });
  $("new-dialog").addEventListener("close", () => {
    if ($("new-dialog").returnValue !== "start") return;
    const variant = chosenVariant();
    Object.assign(settings, { size: choice.size, level: choice.level, variant });
    saveSettings();
    newGame(choice.size, choice.level, variant);
  });
  $("open-dialog").querySelector("form").addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.value === "open") {
      event.preventDefault();
      const text = $("open-text").value.trim();
      if (!text) {
        $("open-error").textContent = "Paste a puzzle first.";
        return;
      }
      $("open-error").textContent = engine.ready ? "" : "Opening as soon as the engine has loaded…";
      openText(text).then(() => $("open-dialog").close(), (err) => { $("open-error").textContent = err.message; });
    }
  });
  $("stats-reset").addEventListener("click", (event) => {
    const b = event.currentTarget;
    if (b.dataset.armed !== "1") { // a second tap, so one slip loses nothing
      b.dataset.armed = "1";
      b.textContent = "Tap again to erase all";
      return;
    }
    store(STATS_KEY, {});
    $("stats-dialog").close();
    openStats();
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", () => {
    tick();
    if (document.visibilityState === "hidden") save();
  });
  window.addEventListener("pagehide", save);
  setInterval(drawTimer, 1000);
}

function onKey(event) {
  if (!session || document.querySelector("dialog[open]")) return;
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  const key = event.key;
  const n = session.game.n;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && (key === "z" || key === "Z")) {
    event.preventDefault();
    if (event.shiftKey) redo();
    else undo();
    return;
  }
  if (mod && (key === "y" || key === "Y")) {
    event.preventDefault();
    redo();
    return;
  }
  if (mod || event.altKey) return;
  if (ui.preview) {
    previewKey(event);
    return;
  }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[key]) {
    event.preventDefault();
    const cur = ui.selected === null ? 0 : ui.selected;
    const r = (Math.floor(cur / n) + arrows[key][0] + n) % n;
    const c = ((cur % n) + arrows[key][1] + n) % n;
    select(ui.selected === null ? 0 : r * n + c);
    return;
  }
  if (key === "Escape") {
    closeMenu();
    ui.armed = null;
    ui.hint = null;
    render();
    return;
  }
  if (key === "Backspace" || key === "Delete" || key === "0" || key === ".") {
    event.preventDefault();
    erase(ui.selected);
    return;
  }
  if (key === "p" || key === "P") {
    setPaused(!ui.paused);
    return;
  }
  // Shift + digit writes a note: the key is then "!" or "@", its code still says Digit1...
  const coded = /^(?:Digit|Numpad)([1-9])$/.exec(event.code || "");
  const d = event.shiftKey && coded ? Number(coded[1]) : digitOf(key);
  if (d && d <= n && (key.length === 1 || coded)) {
    event.preventDefault();
    if (ui.selected === null) {
      pressDigit(d);
      return;
    }
    enter(ui.selected, d, ui.notesMode !== event.shiftKey);
    return;
  }
  if (key === "n" || key === "N") toggleNotes();
  else if (key === "h" || key === "H") hint();
  else if (key === "w" || key === "W") openWatch();
}

// While a step is shown: the arrows step through the path, Escape goes back to the game;
// every other key is ignored (the board is only a view).
function previewKey(event) {
  const moves = { ArrowLeft: -1, ArrowUp: -1, PageUp: -1, ArrowRight: 1, ArrowDown: 1, PageDown: 1 };
  const p = ui.preview;
  if (event.key in moves) {
    event.preventDefault();
    goToStep(p.index + moves[event.key]);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    goToStep(event.key === "Home" ? 0 : p.path.steps.length - 1);
  } else if (event.key === "Escape") {
    leavePreview();
  }
}

// --- start ------------------------------------------------------------------------------

function resume() {
  const saved = load(SAVE_KEY, null);
  if (saved && saved.game) {
    try {
      new Game(saved.game);
      startGame(saved.game, saved.moves || [], saved.position ?? null, {
        elapsed: saved.elapsed || 0, counted: Boolean(saved.counted), gaveUp: Boolean(saved.gaveUp),
      });
      if (session.finished) say("Solved. Start a new game to play again.");
      return true;
    } catch {
      // a save this page cannot read: start afresh
    }
  }
  return false;
}

async function loadBank() {
  try {
    const response = await fetch("bank.json");
    if (response.ok) bank = await response.json();
  } catch {
    bank = null;
  }
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  import("./pwa.js").then(
    ({ registerServiceWorker: register }) =>
      register({
        onUpdate: (apply) => {
          save();
          say("A new version is ready.");
          const b = $("update");
          b.hidden = false;
          b.onclick = () => apply();
        },
      }),
    () => {},
  );
}

async function main() {
  applyTheme();
  wire();
  window.sudokit = { get session() { return session; }, get engine() { return engine; }, ui, get watch() { return watch; } };
  engine = new Engine("worker.js");
  // Listen before anything waits: a worker that cannot start fails at once.
  const board = $("board");
  engine.on("ready", (version) => {
    board.setAttribute("aria-busy", "false");
    const tag = $("engine-state");
    tag.textContent = `engine ${version}`;
    tag.classList.add("ready");
    syncEngine();
    while (pending.length) pending.shift()();
  });
  engine.on("failed", (error) => {
    board.setAttribute("aria-busy", "false");
    const tag = $("engine-state");
    tag.textContent = "engine unavailable";
    tag.title = error;
    tag.classList.add("failed");
    while (pending.length) pending.shift()();
  });
  if (!resume()) {
    // the first puzzle: one of the bank's (a local file, there in a moment), else the built-in one
    await Promise.race([loadBank(), new Promise((done) => setTimeout(done, 1500))]);
    const level = settings.size === 9 && !settings.variant ? settings.level : "medium";
    startGame(fromBank(9, level, "") || fromBank(9, null, "") || FALLBACK);
  } else {
    loadBank();
  }
  const link = new URLSearchParams(location.search).get("p");
  if (link) {
    history.replaceState(null, "", location.pathname);
    say("Opening the puzzle from the link…");
    openText(link, { fromLink: true }).catch(() => {});
  }
  registerServiceWorker();
}

main();
