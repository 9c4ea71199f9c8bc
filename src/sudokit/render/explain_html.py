"""A puzzle's whole explanation as one self-contained, offline HTML page.

Every step of the logical path is a numbered section: the candidate grid before the step
with the step drawn on it (:mod:`sudokit.render.steps`, :mod:`sudokit.render.step_art`),
and beside it the sentence and the legend. The page has no external file or address:
the pictures are inline SVG, the style and the script inline. The arrow keys step
through it (→/← next and previous step, ``a`` the grid after the step, Home/End); each
step's "After" button shows the grid once the step is made. Light and dark themes (the
system's by default, a button to switch), and a greyscale print.
"""

from __future__ import annotations

from html import escape

from ..formats import format_rules_line
from ..logic.engine import Explanation
from ..logic.step import Step
from .step_art import COLOURS, scene
from .step_write import colour_css, legend_swatch_svg, svg_of_scene
from .steps import StepPicture, board_picture, step_picture


def explanation_pictures(expl: Explanation) -> list[StepPicture]:
    """The picture of every step of ``expl`` (which must keep its states: ``explain(...,
    keep_states=True)``)."""
    if len(expl.states) < len(expl.steps):
        raise ValueError("the explanation has no states: explain it with keep_states=True")
    return [
        step_picture(expl.states[i].to_grid(), expl.states[i].cands, step, givens=expl.puzzle)
        for i, step in enumerate(expl.steps)
    ]


#: Inline SVG in HTML takes its namespace from the page: no address is written.
_XMLNS = ' xmlns="http://www.w3.org/2000/svg"'


def _inline(svg: str) -> str:
    return svg.replace(_XMLNS, "", 1).strip()


def _board_svg(picture: StepPicture, cell: int | None) -> str:
    return _inline(
        svg_of_scene(scene(picture, cell=cell, legend=False, title=False), None, classes=True)
    )


def _summary(expl: Explanation) -> str:
    from ..logic.grade import rate_steps
    from ..logic.techniques import BY_ID

    count = len(expl.steps)
    words = f"{count} step{'s' if count != 1 else ''}"
    if expl.steps:
        level, score, hardest = rate_steps(expl.steps)
        name = BY_ID[hardest].name if hardest in BY_ID else hardest
        words += f"; level {level}, rating {score:g}"
        if name:
            words += f", hardest step: {name}"
    if expl.solved:
        return words + "; solved by logic."
    if expl.solutions == 0:
        return "This puzzle has no solution."
    if expl.solutions > 1:
        return words + "; the puzzle has more than one solution, so logic cannot finish it."
    if expl.stopped:
        return words + "; stopped: the time given ran out."
    return words + "; no technique applies after that: the rest needs guessing."


def explanation_html(
    expl: Explanation,
    *,
    title: str | None = None,
    cell: int | None = None,
) -> str:
    """The page of ``expl`` (explained with ``keep_states=True``) as HTML text."""
    pictures = explanation_pictures(expl)
    puzzle = expl.puzzle
    line = format_rules_line(puzzle)
    heading = title or "A Sudoku, explained step by step"
    caption = "" if puzzle.rules.classic else puzzle.rules.describe()
    first_cands = expl.states[0].cands if expl.states else None
    start = board_picture(puzzle, first_cands, givens=puzzle)
    end_state = expl.states[-1] if expl.states else None
    end_cands = None if expl.solved or end_state is None else end_state.cands
    end = board_picture(expl.final, end_cands, givens=puzzle)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(heading)}</title>",
        f"<style>{_css()}</style>",
        "</head>",
        "<body>",
        '<header class="top">',
        f"<h1>{escape(heading)}</h1>",
        f'<p class="puzzle"><code>{escape(line)}</code></p>',
    ]
    if caption:
        parts.append(f'<p class="rules">Rules: {escape(caption)}</p>')
    parts += [
        f'<p class="summary">{escape(_summary(expl))}</p>',
        '<p class="keys">Keys: <kbd>→</kbd> next step, <kbd>←</kbd> previous, '
        "<kbd>a</kbd> the grid after the step, <kbd>Home</kbd>/<kbd>End</kbd> first and "
        "last. "
        '<button type="button" id="theme" aria-label="Switch light and dark">'
        "Light/dark</button></p>",
        "</header>",
        '<nav class="bar" aria-label="Steps"><button type="button" id="prev">← Previous'
        '</button><span id="where">The puzzle</span><button type="button" id="next">'
        "Next →</button></nav>",
        "<main>",
        '<section class="board" id="start"><h2>The puzzle</h2><figure>',
        _board_svg(start, cell),
        "</figure>"
        + (
            "<p>The candidates: every digit the rules still allow in each empty cell.</p>"
            if first_cands is not None
            else ""
        )
        + "</section>",
    ]
    width = len(str(len(pictures)))
    for i, (step, picture) in enumerate(zip(expl.steps, pictures, strict=True), start=1):
        parts.append(_step_section(i, width, step, picture, expl, cell))
    parts += [
        '<section class="board" id="end"><h2>'
        + ("The solution" if expl.solved else "After the last step")
        + "</h2><figure>",
        _board_svg(end, cell),
        "</figure></section>",
        "</main>",
        f"<script>{_SCRIPT}</script>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _step_section(
    i: int, width: int, step: Step, picture: StepPicture, expl: Explanation, cell: int | None
) -> str:
    after_state = expl.states[i] if i < len(expl.states) else None
    after = None if after_state is None else (after_state.values, after_state.cands)
    svg = _inline(
        svg_of_scene(
            scene(picture, cell=cell, legend=False, title=False, after=after), None, classes=True
        )
    )
    rating = f' <span class="rating">{step.rating:g}</span>' if step.rating else ""
    legend = []
    sets = 0
    for entry in picture.legend:
        swatch = _inline(legend_swatch_svg(entry, picture, index=sets))
        sets += entry.role in ("set", "branch")
        legend.append(f"<li>{swatch}<span>{escape(entry.text)}</span></li>")
    text = step.text
    if text.startswith(step.name + ": "):
        text = text[len(step.name) + 2 :]
        text = text[:1].upper() + text[1:]
    return (
        f'<section class="step" id="step-{i}" data-n="{i}" aria-label="Step {i}">'
        f'<h2><span class="n">{i:0{width}d}.</span> {escape(step.name)}{rating}</h2>'
        f'<div class="pair"><figure class="pic">{svg}</figure>'
        f'<div class="words"><p class="sentence">{escape(text)}</p>'
        f'<ul class="legend">{"".join(legend)}</ul>'
        '<p><button type="button" class="flip" aria-pressed="false">'
        "After this step</button></p></div></div></section>"
    )


def _vars(selector: str, theme: str) -> str:
    c = COLOURS[theme]  # type: ignore[index]
    return (
        f"{selector}{{--page:{c.page};--text:{c.text};--muted:{c.muted};"
        f"--rule:{c.cell_line};--accent:{c.link}}}"
    )


def _css() -> str:
    dark_auto = ':root:not([data-theme="light"])'
    return "\n".join(
        [
            _BASE_CSS,
            _vars(":root", "light"),
            colour_css(COLOURS["light"]),
            _vars('[data-theme="dark"]', "dark"),
            colour_css(COLOURS["dark"], '[data-theme="dark"] '),
            "@media (prefers-color-scheme: dark){"
            + _vars(dark_auto, "dark")
            + colour_css(COLOURS["dark"], dark_auto + " ")
            + "}",
            "@media print{:root{--page:#fff;--text:#000;--muted:#333}"
            + colour_css(COLOURS["grey"], ":root ")
            + "nav.bar,.keys,.flip{display:none}section{break-inside:avoid}}",
        ]
    )


_BASE_CSS = """
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--text);
font:16px/1.45 "DejaVu Sans",Helvetica,Arial,sans-serif}
header.top,main{max-width:1100px;margin:0 auto;padding:0 16px}
h1{font-size:1.5em;margin:18px 0 6px}
h2{font-size:1.15em;margin:0 0 8px}
.puzzle code{word-break:break-all;color:var(--muted)}
.rules,.summary,.keys{margin:4px 0}
kbd{border:1px solid var(--rule);border-radius:4px;padding:0 4px;font-size:.9em}
button{font:inherit;color:var(--text);background:transparent;border:1px solid var(--rule);
border-radius:6px;padding:2px 10px;cursor:pointer}
button:focus-visible{outline:2px solid var(--accent)}
nav.bar{position:sticky;top:0;z-index:2;display:flex;gap:12px;align-items:center;
justify-content:center;padding:6px;background:var(--page);border-bottom:1px solid var(--rule)}
section{padding:16px 0;border-bottom:1px solid var(--rule);scroll-margin-top:48px}
section.current h2{color:var(--accent)}
.pair{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
figure{margin:0;flex:0 1 560px;min-width:260px;max-width:560px}
figure svg{width:100%;height:auto;display:block}
.words{flex:1 1 300px}
.sentence{margin-top:0}
.rating{font-size:.8em;color:var(--muted);font-weight:normal;margin-left:6px}
.legend{list-style:none;padding:0;margin:0}
.legend li{display:flex;gap:8px;align-items:flex-start;margin:3px 0;font-size:.93em}
.legend svg{flex:0 0 18px;margin-top:2px}
.x-after{display:none}
.after .x-step,.after .x-gone{display:none}
.after .x-after{display:inline}
"""

_SCRIPT = """
(function(){
var steps=Array.prototype.slice.call(document.querySelectorAll('section.step'));
var where=document.getElementById('where');var cur=-1;
function show(i,scroll){
 if(!steps.length)return;
 i=Math.max(0,Math.min(steps.length-1,i));
 if(cur>=0)steps[cur].classList.remove('current');
 cur=i;var s=steps[i];s.classList.add('current');
 where.textContent='Step '+(i+1)+' of '+steps.length;
 if(scroll!==false)s.scrollIntoView({block:'start'});
 if(history.replaceState)history.replaceState(null,'','#'+s.id);
}
function flip(s){var on=s.classList.toggle('after');
 var b=s.querySelector('button.flip');b.setAttribute('aria-pressed',on?'true':'false');
 b.textContent=on?'Before this step':'After this step';}
steps.forEach(function(s,i){s.querySelector('button.flip').addEventListener('click',
 function(){flip(s);show(i,false);});});
document.getElementById('next').addEventListener('click',function(){show(cur+1);});
document.getElementById('prev').addEventListener('click',function(){show(cur-1);});
document.getElementById('theme').addEventListener('click',function(){
 var r=document.documentElement;var dark=r.getAttribute('data-theme')==='dark'||
 (!r.getAttribute('data-theme')&&matchMedia('(prefers-color-scheme: dark)').matches);
 r.setAttribute('data-theme',dark?'light':'dark');});
document.addEventListener('keydown',function(e){
 if(e.altKey||e.ctrlKey||e.metaKey)return;
 var t=e.target&&e.target.tagName;if(t==='INPUT'||t==='TEXTAREA')return;
 if(e.key==='ArrowRight'){show(cur+1);e.preventDefault();}
 else if(e.key==='ArrowLeft'){show(cur-1);e.preventDefault();}
 else if(e.key==='Home'){show(0);e.preventDefault();}
 else if(e.key==='End'){show(steps.length-1);e.preventDefault();}
 else if((e.key==='a'||e.key==='A')&&cur>=0){flip(steps[cur]);}
});
var m=/^#step-(\\d+)$/.exec(location.hash);if(m)show(parseInt(m[1],10)-1);
})();
"""


def write_explanation_html(expl: Explanation, path: str, **options: object) -> None:
    """Write :func:`explanation_html` to ``path`` (whole or not at all)."""
    from ..files import write_text

    write_text(path, explanation_html(expl, **options))  # type: ignore[arg-type]


__all__ = ["explanation_html", "explanation_pictures", "write_explanation_html"]
