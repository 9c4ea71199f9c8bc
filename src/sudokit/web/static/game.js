// The game in the page: the same moves and codes as sudokit.game.moves, played locally so
// every tap answers at once (the engine, once loaded, replays the same log and is the
// authority). A position is {entries, notes, revealed, auto}; a Session keeps the move
// log, the position in it (undo/redo) and the positions it passes through.

import { SYMBOLS, cellName, conflictCells, parseCellName, parseRules, ruledOut, withTables } from "./rules.js";

export class MoveError extends Error {}

export function symbol(d) {
  return SYMBOLS[d - 1] || String(d);
}

export function digitOf(ch) {
  const i = SYMBOLS.indexOf(String(ch).toUpperCase());
  return i < 0 ? 0 : i + 1;
}

/** Digits of a givens/solution string ('.' or '0' empty). */
export function readCells(text, n) {
  const out = [...String(text || "")].map((ch) => (ch === "." || ch === "0" ? 0 : digitOf(ch)));
  if (out.length !== n * n) throw new Error(`expected ${n * n} cells, got ${out.length}`);
  return out;
}

/** A parsed move: {kind, cells:[[cell, digit]]} from its code. */
export function parseMove(n, code) {
  const words = String(code).trim().toLowerCase().split(/\s+/);
  const kind = words[0];
  if (["auto", "clear-notes", "fix-notes", "solve", "restart"].includes(kind) && words.length === 1) {
    return { kind, items: [] };
  }
  const cellOf = (w) => {
    const c = parseCellName(n, w || "");
    if (c < 0) throw new MoveError(`${JSON.stringify(code)} is not a move`);
    return c;
  };
  const digit = (w) => {
    const d = digitOf(w || "");
    if (!d || d > n) throw new MoveError(`${JSON.stringify(code)}: ${w} is not a digit`);
    return d;
  };
  if ((kind === "s" || kind === "n") && words.length === 3) return { kind, items: [[cellOf(words[1]), digit(words[2])]] };
  if ((kind === "e" || kind === "reveal") && words.length === 2) return { kind, items: [[cellOf(words[1]), 0]] };
  if ((kind === "p" || kind === "x") && words.length >= 3 && words.length % 2 === 1) {
    const items = [];
    for (let i = 1; i < words.length; i += 2) items.push([cellOf(words[i]), digit(words[i + 1])]);
    return { kind, items };
  }
  throw new MoveError(`${JSON.stringify(code)} is not a move`);
}

export class Game {
  /** game: {rules, givens, solution, level, seed, name?} */
  constructor(game) {
    this.info = game;
    this.rules = withTables(parseRules(game.rules), game);
    const n = this.rules.n;
    this.n = n;
    this.givens = readCells(game.givens, n);
    this.solution = game.solution ? readCells(game.solution, n) : null;
  }

  start() {
    const k = this.rules.ncells;
    return { entries: Array(k).fill(0), notes: Array(k).fill(0), revealed: [], auto: [] };
  }

  board(state) {
    return this.givens.map((g, i) => g || state.entries[i]);
  }

  isLocked(state, cell) {
    return this.givens[cell] !== 0 || state.revealed.includes(cell);
  }

  allowed(board, cell) {
    return this.rules.allMask & ~ruledOut(this.rules, board, cell);
  }

  candidates(state) {
    const board = this.board(state);
    return board.map((d, c) => (d ? 0 : this.allowed(board, c)));
  }

  _unlocked(state, cell) {
    if (this.givens[cell]) throw new MoveError(`${cellName(this.n, cell)} is a given`);
    if (state.revealed.includes(cell)) throw new MoveError(`${cellName(this.n, cell)} was revealed and is fixed`);
  }

  _lift(state, cell) {
    const digit = state.entries[cell];
    const entries = state.entries.slice();
    entries[cell] = 0;
    if (!state.auto.length) return { ...state, entries };
    const auto = new Set(state.auto);
    const board = this.givens.map((g, i) => g || entries[i]);
    const notes = state.notes.slice();
    if (auto.has(cell)) notes[cell] = this.allowed(board, cell);
    const bit = 1 << (digit - 1);
    for (const p of this.rules.peers[cell]) {
      if (auto.has(p) && !board[p] && this.allowed(board, p) & bit) notes[p] |= bit;
    }
    const near = ((bit << 1) | (bit >> 1)) & this.rules.allMask;
    for (const p of this.rules.neighbours[cell]) {
      if (auto.has(p) && !board[p]) notes[p] |= this.allowed(board, p) & near;
    }
    return { ...state, entries, notes };
  }

  _place(state, cell, digit, revealed) {
    if (state.entries[cell]) state = this._lift(state, cell);
    const entries = state.entries.slice();
    entries[cell] = digit;
    const notes = state.notes.slice();
    notes[cell] = 0;
    const bit = 1 << (digit - 1);
    for (const p of this.rules.peers[cell]) notes[p] &= ~bit;
    const near = (bit << 1) | (bit >> 1);
    for (const p of this.rules.neighbours[cell]) notes[p] &= ~near;
    return { ...state, entries, notes, revealed };
  }

  /** The position after a move (a code or a parsed move); throws MoveError. */
  apply(state, move) {
    const m = typeof move === "string" ? parseMove(this.n, move) : move;
    const [cell, digit] = m.items[0] || [0, 0];
    switch (m.kind) {
      case "s":
        this._unlocked(state, cell);
        if (state.entries[cell] === digit) return state;
        return this._place(state, cell, digit, state.revealed);
      case "e":
        this._unlocked(state, cell);
        if (state.entries[cell]) return this._lift(state, cell);
        if (state.notes[cell]) {
          const notes = state.notes.slice();
          notes[cell] = 0;
          return { ...state, notes, auto: state.auto.filter((c) => c !== cell) };
        }
        return state;
      case "n": {
        this._unlocked(state, cell);
        if (state.entries[cell]) throw new MoveError(`${cellName(this.n, cell)} holds a digit; erase it to write notes`);
        const notes = state.notes.slice();
        notes[cell] ^= 1 << (digit - 1);
        return { ...state, notes };
      }
      case "p":
        for (const [c, d] of m.items) state = this.apply(state, { kind: "s", items: [[c, d]] });
        return state;
      case "x": {
        const notes = state.notes.slice();
        const board = this.board(state);
        for (const [c, d] of m.items) {
          this._unlocked(state, c);
          if (board[c]) throw new MoveError(`${cellName(this.n, c)} holds a digit`);
          if (!notes[c]) notes[c] = this.allowed(board, c);
          notes[c] &= ~(1 << (d - 1));
        }
        return { ...state, notes };
      }
      case "auto": {
        const free = [];
        for (let c = 0; c < this.rules.ncells; c++) if (!this.isLocked(state, c)) free.push(c);
        return { ...state, notes: this.candidates(state), auto: free };
      }
      case "clear-notes":
        return { ...state, notes: Array(this.rules.ncells).fill(0), auto: [] };
      case "fix-notes": {
        if (!this.solution) return state;
        const board = this.board(state);
        const notes = state.notes.map((k, c) => (k && !board[c] ? k | (1 << (this.solution[c] - 1)) : k));
        return { ...state, notes };
      }
      case "reveal":
        if (this.givens[cell]) throw new MoveError(`${cellName(this.n, cell)} is a given`);
        if (!this.solution) throw new MoveError("no solution is known");
        if (state.revealed.includes(cell)) return state;
        return this._place(state, cell, this.solution[cell], [...state.revealed, cell]);
      case "solve": {
        if (!this.solution) throw new MoveError("no solution is known");
        const entries = this.givens.map((g, c) => (g ? 0 : this.solution[c]));
        const revealed = [];
        state.entries.forEach((e, c) => { if (!this.givens[c] && e !== this.solution[c]) revealed.push(c); });
        return { entries, notes: Array(this.rules.ncells).fill(0), revealed: [...new Set([...state.revealed, ...revealed])], auto: [] };
      }
      case "restart":
        return this.start();
      default:
        throw new MoveError(`${JSON.stringify(move)} is not a move`);
    }
  }

  isSolved(state) {
    const board = this.board(state);
    if (board.some((d) => !d)) return false;
    if (this.solution) return board.every((d, c) => d === this.solution[c]);
    return conflictCells(this.rules, board).size === 0;
  }

  conflicts(state) {
    return conflictCells(this.rules, this.board(state));
  }

  mistakes(state) {
    const out = new Set();
    if (!this.solution) return out;
    state.entries.forEach((e, c) => { if (e && e !== this.solution[c]) out.add(c); });
    return out;
  }

  remaining(state) {
    const left = Array(this.n + 1).fill(this.n);
    for (const d of this.board(state)) if (d) left[d] -= 1;
    return left.map((k) => Math.max(0, k));
  }
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A game and its move log with undo/redo (sudokit.game.Session's play/undo/redo). */
export class Session {
  constructor(game, moves = [], position = null) {
    this.game = game instanceof Game ? game : new Game(game);
    this.moves = [];
    this.states = [this.game.start()];
    for (const code of moves) {
      try {
        const next = this.game.apply(this.states[this.states.length - 1], code);
        this.moves.push(code);
        this.states.push(next);
      } catch (err) {
        if (!(err instanceof MoveError)) throw err;
        break; // a log that stops making sense: keep what played
      }
    }
    this.position = position === null ? this.moves.length : Math.max(0, Math.min(position, this.moves.length));
  }

  get state() {
    return this.states[this.position];
  }

  get finished() {
    return this.game.isSolved(this.state);
  }

  // As sudokit.game.Session: a solved game is over, nothing more is undone or redone.
  get canUndo() {
    return this.position > 0 && !this.finished;
  }

  get canRedo() {
    return this.position < this.moves.length && !this.finished;
  }

  /** Play a move code; false when it changes nothing (not recorded). Throws MoveError. */
  play(code) {
    if (this.finished) throw new MoveError("the game is over");
    const next = this.game.apply(this.state, code);
    if (same(next, this.state)) return false;
    this.moves = this.moves.slice(0, this.position);
    this.states = this.states.slice(0, this.position + 1);
    this.moves.push(code);
    this.states.push(next);
    this.position += 1;
    return true;
  }

  undo() {
    if (!this.canUndo) return false;
    this.position -= 1;
    return true;
  }

  redo() {
    if (!this.canRedo) return false;
    this.position += 1;
    return true;
  }

  /** Adopt the engine's view of this game: its notes and digits for the current position. */
  adopt(view) {
    const n = this.game.rules.ncells;
    if (!view || !Array.isArray(view.cells) || view.cells.length !== n) return;
    const moves = view.moves || this.moves;
    const position = typeof view.position === "number" ? view.position : moves.length;
    if (!same(moves, this.moves)) {
      const fresh = new Session(this.game, moves, position);
      this.moves = fresh.moves;
      this.states = fresh.states;
    }
    this.position = Math.min(position, this.moves.length);
    const entries = view.cells.map((d, c) => (view.given && view.given[c] ? 0 : d));
    const notes = view.notes.map((ds) => ds.reduce((m, d) => m | (1 << (d - 1)), 0));
    const st = this.states[this.position];
    this.states[this.position] = { ...st, entries, notes };
  }
}
