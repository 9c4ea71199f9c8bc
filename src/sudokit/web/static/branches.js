// A forcing chain's or net's branches drawn over the board, at the hint's last stage: each
// case's assumption ringed and numbered, its links as arrows in chain order (strong solid,
// weak dashed), each branch in its own ink, where a branch breaks framed in red, and a
// legend in words. The engine sends what to draw (hint "drawing", see bridge.py): a huge
// net is already cut down there, and its legend says how many links are drawn.

const SVG = "http://www.w3.org/2000/svg";
/** Inks in turn (CSS colours --branch-1 … --branch-4); a fifth branch takes the first again. */
export const INKS = 4;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

const ink = (branch) => `ink-${branch % INKS}`;

/**
 * Draw `drawing` on `svg`, an overlay of `board`; `noteAt(cell, digit)` is the element
 * of that candidate's place in its cell. Clears the overlay when `drawing` is null.
 */
export function drawBranches(svg, board, noteAt, drawing) {
  svg.textContent = "";
  if (!drawing || !drawing.links) {
    svg.setAttribute("hidden", "");
    return;
  }
  const box = board.getBoundingClientRect();
  const wrap = svg.parentElement.getBoundingClientRect();
  svg.removeAttribute("hidden");
  svg.style.left = `${box.left - wrap.left}px`;
  svg.style.top = `${box.top - wrap.top}px`;
  svg.style.width = `${box.width}px`;
  svg.style.height = `${box.height}px`;
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const place = new Map();
  const at = (cell, digit) => {
    const key = `${cell}:${digit}`;
    if (!place.has(key)) {
      const r = noteAt(cell, digit).getBoundingClientRect();
      place.set(key, {
        x: r.left - box.left + r.width / 2,
        y: r.top - box.top + r.height / 2,
        r: Math.min(r.width, r.height) / 2,
      });
    }
    return place.get(key);
  };
  // a cell's width: the scale of the strokes and of the bends
  const first = drawing.branches[0].start;
  const unit = noteAt(first[0], first[1]).closest(".cell").getBoundingClientRect().width;
  const stroke = Math.max(1.4, Math.min(3, unit * 0.045));
  // where a branch breaks: a red frame on the candidates that cannot all hold
  for (const b of drawing.branches) {
    for (const [c, d] of b.clash || []) {
      const p = at(c, d);
      const s = p.r * 1.25;
      el("rect", {
        x: p.x - s, y: p.y - s, width: 2 * s, height: 2 * s, rx: s * 0.25,
        class: "clash", "stroke-width": stroke * 1.2,
      }, svg);
    }
  }
  // the links, branch by branch, in chain order: the step pictures' curves (render/step_art)
  const links = el("g", { class: "links" }, svg);
  const mid = { x: box.width / 2, y: box.height / 2 };
  for (const [branch, fc, fd, tc, td, strong] of drawing.links) {
    const p = at(fc, fd), q = at(tc, td);
    const dx = q.x - p.x, dy = q.y - p.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) continue;
    // bend to the left of the way, more for long links and for later branches, bowing
    // towards the board's middle so that links along an edge stay on the board
    const bend = Math.min(0.18 * len, unit * 0.7) + unit * (0.05 + 0.1 * (branch % INKS));
    let nx = -dy / len, ny = dx / len;
    const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
    if ((mid.x - mx) * nx + (mid.y - my) * ny < 0) { nx = -nx; ny = -ny; }
    const c = { x: mx + nx * bend, y: my + ny * bend };
    const curve = [];
    for (let i = 0; i <= 24; i++) curve.push(quad(p, c, q, i / 24));
    const points = trim(curve, p.r * 1.05, q.r * 1.15);
    if (points.length < 2) continue;
    const g = el("g", { class: `link-${strong ? "strong" : "weak"}`, "data-branch": branch + 1 }, links);
    el("path", {
      d: "M" + points.map((pt) => `${f(pt.x)},${f(pt.y)}`).join(" L"),
      class: `link ${ink(branch)} ${strong ? "strong" : "weak"}`,
      "stroke-width": stroke,
      "stroke-dasharray": strong ? "none" : `${f(unit * 0.1)} ${f(unit * 0.07)}`,
      "data-branch": branch + 1,
    }, g);
    // the arrowhead, along the curve's last direction
    const a = points[points.length - 2], z = points[points.length - 1];
    const d = Math.hypot(z.x - a.x, z.y - a.y) || 1;
    const ux = (z.x - a.x) / d, uy = (z.y - a.y) / d;
    const head = Math.max(6, unit * 0.13);
    const left = { x: z.x - ux * head - uy * head * 0.45, y: z.y - uy * head + ux * head * 0.45 };
    const right = { x: z.x - ux * head + uy * head * 0.45, y: z.y - uy * head - ux * head * 0.45 };
    el("path", { d: `M${f(z.x)},${f(z.y)} L${f(left.x)},${f(left.y)} L${f(right.x)},${f(right.y)} z`, class: `head ${ink(branch)}` }, g);
  }
  // each branch's assumption: ringed in its ink (dashed when it is assumed false), numbered
  for (const [i, b] of drawing.branches.entries()) {
    const p = at(b.start[0], b.start[1]);
    el("circle", {
      cx: f(p.x), cy: f(p.y), r: f(p.r * 1.05), class: `start ${ink(i)}`,
      "stroke-width": stroke * 1.3, "stroke-dasharray": b.true ? "none" : `${f(stroke * 2)} ${f(stroke * 1.5)}`,
    }, svg);
    if (drawing.branches.length > 1) {
      const r = Math.max(7, p.r * 0.72);
      const x = p.x - p.r * 1.15, y = p.y - p.r * 1.15;
      const badge = el("g", { class: `badge ${ink(i)}` }, svg);
      el("circle", { cx: f(x), cy: f(y), r: f(r) }, badge);
      const t = el("text", { x: f(x), y: f(y), "font-size": f(r * 1.45), "text-anchor": "middle", "dominant-baseline": "central" }, badge);
      t.textContent = String(b.label);
    }
  }
}

function quad(p, c, q, t) {
  const u = 1 - t;
  return { x: u * u * p.x + 2 * u * t * c.x + t * t * q.x, y: u * u * p.y + 2 * u * t * c.y + t * t * q.y };
}

// the polyline without its first `head` and last `tail` pixels
function trim(points, head, tail) {
  const cut = (pts, amount) => {
    let left = amount;
    for (let i = 0; i < pts.length - 1; i++) {
      const a = pts[i], b = pts[i + 1];
      const d = Math.hypot(b.x - a.x, b.y - a.y);
      if (d >= left) {
        const t = d ? left / d : 0;
        return [{ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, ...pts.slice(i + 1)];
      }
      left -= d;
    }
    return [];
  };
  return cut(cut(points, head).reverse(), tail).reverse();
}

const f = (v) => (Math.round(v * 10) / 10).toString();

/** The legend of `drawing` in `list` (an <ol>): each branch's way in words beside its ink, how the arrows link, where a branch breaks; hidden when there is none. */
export function branchLegend(list, drawing) {
  list.textContent = "";
  list.hidden = !drawing;
  if (!drawing) return;
  let branch = 0;
  for (const [role, words] of drawing.legend) {
    const item = document.createElement("li");
    item.className = `legend-${role}`;
    const swatch = el("svg", { viewBox: "0 0 28 12", width: 28, height: 12, "aria-hidden": "true", class: "swatch" });
    if (role === "branch") {
      el("line", { x1: 2, y1: 6, x2: 26, y2: 6, class: `link ${ink(branch)}`, "stroke-width": 3 }, swatch);
      item.dataset.branch = String(++branch);
    } else if (role === "strong" || role === "weak") {
      el("line", {
        x1: 2, y1: 6, x2: 22, y2: 6, class: "link plain", "stroke-width": 2,
        "stroke-dasharray": role === "weak" ? "5 3" : "none",
      }, swatch);
      el("path", { d: "M20,2 L27,6 L20,10 z", class: "head plain" }, swatch);
    } else {
      el("rect", { x: 8, y: 1, width: 10, height: 10, rx: 2, class: "clash", "stroke-width": 2 }, swatch);
    }
    const text = document.createElement("span");
    text.textContent = words;
    item.append(swatch, text);
    list.appendChild(item);
  }
}
