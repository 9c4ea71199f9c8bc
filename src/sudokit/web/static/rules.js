// The rules of a puzzle as tables, read from its rules code ("9", "9+x",
// "6+jigsaw:AAABBB…+anti-knight"): the same tables as sudokit.geometry.Rules, so the page
// can mark conflicts and fill notes before the engine has loaded.

export const SYMBOLS = "123456789ABCDEFG";
export const BOX_SHAPES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
export const SIZES = [4, 6, 9, 12, 16];
export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];
export const VARIANTS = ["x", "windoku", "jigsaw", "anti-knight", "anti-king", "non-consecutive", "killer"];
const REGION_LETTERS = "ABCDEFGHIJKLMNOP";
const KNIGHT = [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]];
const KING = [[-1, -1], [-1, 1], [1, -1], [1, 1]];

// No grid of that size keeps these rules (sudokit.game.levels.NO_GRID).
const NO_GRID = new Set([
  "4:anti-king", "4:non-consecutive", "4:x+anti-knight", "4:x+anti-king",
  "4:x+non-consecutive", "6:x+anti-knight", "6:x+anti-king", "6:x+non-consecutive",
]);

/** The levels the generator reaches at a size (sudokit.generator.levels_for). */
export function levelsFor(size) {
  if (size === 4) return ["easy"];
  if (size === 6) return ["easy", "hard"];
  return LEVELS.slice();
}

/** A variant key ("x+anti-knight", "" for classic) in the engine's order. */
export function variantKey(names) {
  const set = new Set(names.filter((v) => v && v !== "classic"));
  return VARIANTS.filter((v) => set.has(v)).join("+");
}

/** Why a size cannot have these rules, as a sentence; "" when it can. */
export function variantProblem(size, variant) {
  if (!variant) return "";
  const [br, bc] = BOX_SHAPES[size];
  if (variant.split("+").includes("windoku") && br !== bc) {
    return `Windoku needs square boxes; a ${size}×${size} grid has none.`;
  }
  // The killer maker grades its cages at 4×4, 6×6 and 9×9 only (sudokit.game.levels).
  if (variant.split("+").includes("killer") && size > 9) {
    return `Killer puzzles are made at 4×4, 6×6 and 9×9; a ${size}×${size} killer is not.`;
  }
  if (NO_GRID.has(`${size}:${variant}`)) {
    return `No ${size}×${size} grid keeps ${variantLabel(variant)} rules.`;
  }
  return "";
}

export function variantLabel(variant) {
  if (!variant) return "classic";
  return variant.split("+").map((v) => (v === "x" ? "X" : v)).join(" + ");
}

export function levelLabel(level) {
  return level ? level[0].toUpperCase() + level.slice(1) : "";
}

/** The tables of a rules code. Throws an Error naming what is wrong. */
export function parseRules(code) {
  const [head, ...parts] = String(code).trim().split("+");
  const n = Number(head);
  if (!BOX_SHAPES[n]) throw new Error(`rules ${JSON.stringify(code)}: ${head} is not a size`);
  const [br, bc] = BOX_SHAPES[n];
  const variants = new Set();
  let regionOf = null;
  const cages = [];
  for (const part of parts) {
    const [name, arg] = part.split(":");
    if (name === "killer") {
      variants.add("killer");
      for (const text of (arg || "").split("/").filter(Boolean)) {
        const [where, total] = text.split("=");
        const cells = [];
        for (let i = 0; i + 1 < where.length; i += 2) {
          cells.push(SYMBOLS.indexOf(where[i].toUpperCase()) * n + SYMBOLS.indexOf(where[i + 1].toUpperCase()));
        }
        if (cells.some((c) => c < 0 || c >= n * n)) throw new Error(`rules ${code}: cage ${JSON.stringify(text)} is not on the grid`);
        cages.push({ cells: cells.sort((a, b) => a - b), total: total === undefined ? null : Number(total) });
      }
    } else if (name === "jigsaw") {
      if (!arg || arg.length !== n * n) throw new Error(`rules ${code}: jigsaw needs ${n * n} region letters`);
      regionOf = [...arg.toUpperCase()].map((ch) => REGION_LETTERS.indexOf(ch));
      variants.add("jigsaw");
    } else if (VARIANTS.includes(name) || /^[a-z][a-z-]*$/.test(name)) {
      variants.add(name); // one this page does not know: its tables come from the engine
    } else {
      throw new Error(`rules ${code}: unknown variant ${JSON.stringify(name)}`);
    }
  }
  const ncells = n * n;
  const boxOf = [];
  for (let c = 0; c < ncells; c++) {
    const r = Math.floor(c / n), col = c % n;
    boxOf.push(Math.floor(r / br) * (n / bc) + Math.floor(col / bc));
  }
  if (!regionOf) regionOf = boxOf;
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n).keys()].map((r) => r * n + c));
  const regions = [...Array(n)].map(() => []);
  regionOf.forEach((reg, cell) => regions[reg].push(cell));
  units.push(...regions);
  const diagonals = [];
  if (variants.has("x")) {
    diagonals.push([...Array(n).keys()].map((i) => i * n + i));
    diagonals.push([...Array(n).keys()].map((i) => i * n + (n - 1 - i)));
    units.push(...diagonals);
  }
  const windows = [];
  if (variants.has("windoku")) {
    for (let r0 = 1; r0 <= n - br; r0 += br + 1) {
      for (let c0 = 1; c0 <= n - br; c0 += br + 1) {
        const w = [];
        for (let i = 0; i < br; i++) for (let j = 0; j < br; j++) w.push((r0 + i) * n + c0 + j);
        windows.push(w);
      }
    }
    units.push(...windows);
  }
  const steps = [...(variants.has("anti-knight") ? KNIGHT : []), ...(variants.has("anti-king") ? KING : [])];
  const peerSets = [...Array(ncells)].map(() => new Set());
  for (const unit of [...units, ...cages.map((k) => k.cells)]) for (const a of unit) for (const b of unit) if (a !== b) peerSets[a].add(b);
  const extra = [];
  for (let c = 0; c < ncells; c++) {
    const r = Math.floor(c / n), col = c % n;
    const out = [];
    for (const [dr, dc] of steps) {
      const rr = r + dr, cc = col + dc;
      if (rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
    }
    extra.push(out);
    for (const p of out) peerSets[c].add(p);
  }
  const neighbours = [];
  for (let c = 0; c < ncells; c++) {
    if (!variants.has("non-consecutive")) { neighbours.push([]); continue; }
    const r = Math.floor(c / n), col = c % n;
    const out = [];
    for (const [dr, dc] of [[-1, 0], [0, -1], [0, 1], [1, 0]]) {
      const rr = r + dr, cc = col + dc;
      if (rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
    }
    neighbours.push(out);
  }
  const ordered = [...VARIANTS.filter((v) => variants.has(v)), ...[...variants].filter((v) => !VARIANTS.includes(v))];
  return {
    code: String(code).trim(), n, ncells, boxRows: br, boxCols: bc,
    variants: ordered, regionOf, units, cages, diagonals, windows, extraPeers: extra,
    peers: peerSets.map((s) => [...s].sort((a, b) => a - b)), neighbours,
    allMask: (1 << n) - 1, symbols: SYMBOLS.slice(0, n),
    name: ordered.length ? variantLabel(ordered.join("+")) : "classic",
  };
}

/** The rules with the engine's own tables (a game from the bridge carries its units,
 * regions, extra peers and cages): the engine is the authority on what its rules are, so a
 * variant this page cannot read from the code still plays right. */
export function withTables(rules, game) {
  const n = rules.n, ncells = rules.ncells;
  const ok = (xs, len) => Array.isArray(xs) && xs.length === len;
  if (!Array.isArray(game.units) || !game.units.length) return rules;
  const units = game.units.map((u) => u.slice());
  const regionOf = ok(game.regions, ncells) ? game.regions.slice() : rules.regionOf;
  const extraPeers = ok(game.peers_extra, ncells) ? game.peers_extra.map((p) => p.slice()) : rules.extraPeers;
  const cages = Array.isArray(game.cages)
    ? game.cages.map((k) => ({ cells: k.cells.slice().sort((a, b) => a - b), total: k.sum ?? k.total ?? null }))
    : rules.cages;
  const peerSets = [...Array(ncells)].map(() => new Set());
  for (const unit of [...units, ...cages.map((k) => k.cells)]) for (const a of unit) for (const b of unit) if (a !== b) peerSets[a].add(b);
  extraPeers.forEach((ps, c) => ps.forEach((p) => peerSets[c].add(p)));
  let neighbours = rules.neighbours;
  if (game.neighbours === true && rules.neighbours.every((x) => !x.length)) {
    neighbours = [...Array(ncells)].map((_, c) => {
      const r = Math.floor(c / n), col = c % n;
      return [[-1, 0], [0, -1], [0, 1], [1, 0]]
        .map(([dr, dc]) => [r + dr, col + dc])
        .filter(([a, b]) => a >= 0 && a < n && b >= 0 && b < n)
        .map(([a, b]) => a * n + b);
    });
  }
  return {
    ...rules, units, regionOf, extraPeers, cages, neighbours,
    peers: peerSets.map((x) => [...x].sort((a, b) => a - b)),
    name: game.name || rules.name,
  };
}

/** The mask of digits the placed `cells` rule out in `cell`. */
export function ruledOut(rules, cells, cell) {
  let used = 0;
  for (const p of rules.peers[cell]) if (cells[p]) used |= 1 << (cells[p] - 1);
  for (const p of rules.neighbours[cell]) {
    const w = cells[p];
    if (w) used |= (1 << w) | (w > 1 ? 1 << (w - 2) : 0);
  }
  return used & rules.allMask;
}

/** Cells whose digit breaks a rule (twice in a unit, a knight's/king's move apart, consecutive side by side). */
export function conflictCells(rules, cells) {
  const out = new Set();
  for (const unit of [...rules.units, ...rules.cages.map((k) => k.cells)]) {
    const count = new Map();
    for (const c of unit) if (cells[c]) count.set(cells[c], (count.get(cells[c]) || 0) + 1);
    for (const c of unit) if (cells[c] && count.get(cells[c]) > 1) out.add(c);
  }
  for (const cage of rules.cages) { // a full cage must add up to its sum
    if (cage.total === null || cage.cells.some((c) => !cells[c])) continue;
    if (cage.cells.reduce((t, c) => t + cells[c], 0) !== cage.total) for (const c of cage.cells) out.add(c);
  }
  for (let a = 0; a < rules.ncells; a++) {
    if (!cells[a]) continue;
    for (const b of rules.extraPeers[a]) if (cells[b] === cells[a]) { out.add(a); out.add(b); }
    for (const b of rules.neighbours[a]) if (cells[b] && Math.abs(cells[b] - cells[a]) === 1) { out.add(a); out.add(b); }
  }
  return out;
}

export function cellName(n, cell) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

export function parseCellName(n, text) {
  const m = /^r(\d+)c(\d+)$/i.exec(text);
  if (!m) return -1;
  const r = Number(m[1]) - 1, c = Number(m[2]) - 1;
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
}

export function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask; d++, mask >>= 1) if (mask & 1) out.push(d);
  return out;
}
