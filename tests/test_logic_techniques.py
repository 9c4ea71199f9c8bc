"""Per-technique fixtures: a pencil-mark position, the technique's exact result, soundness.

Each fixture is a 9×9 position where the technique applies: the digits placed so far
(one line, ``.`` for empty), the candidates removed beyond what the rules remove
(``r2c1:28`` = 2 and 8 are gone from r2c1), and what the technique must find. The
positions were taken from the logical paths of sudokit-generated puzzles and of the
magictour top1465 and sudoku-exchange sets, then checked against the solution (the
Unique Rectangle Type 5 is the Hidden Rectangle's position with two more candidates that
are not the solution's removed, r3c8:9 and r8c9:9: generated paths rarely show one). The
forcing nets of every level share one position of a generated puzzle (each level finds
its own easiest conclusion there); ``test_logic_nets.py`` has positions that need them.
"""

from __future__ import annotations

import re

import pytest

from sudokit import parse, solve
from sudokit.geometry import Shape
from sudokit.logic import BY_ID, LEVELS, TECHNIQUES, State
from sudokit.logic.step import Step

# Blocks of: technique id; placed digits; "removed" candidates beyond the rules;
# "places" / "removes": the technique's exact result. Long lists continue on more lines.
FIXTURE_TEXT = """
full_house
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.31689.5458437.96.96.154.38
  removed r1c3:6 r2c1:28 r2c3:28 r2c7:8 r4c3:2 r4c7:18 r5c1:2 r6c1:28 r6c3:28
  places r8c6:2

hidden_single
.7.59..4..4...1..71..7.6.2.4...3.....59...37.....6...9.3.6.9..45..3...6..6..54.3.
  places r1c6:3

naked_single
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.3.
  removed r2c1:28 r2c3:28 r2c7:8 r4c3:2 r4c7:18 r5c1:2 r5c9:8 r6c1:28 r6c3:128 r8c2:2 r9c9:2
  places r9c9:8

pointing
.7.593.4..4...1.9719.746.234..937..5.594..37.....654.9.3.6.9.545.437.96.96..54.3.
  removes r2c1:2 r2c3:2

claiming
.7.593.4..4...1.9719.746.234..937..5.594..37.....654.9.3.6.9.545.437.96.96..54.3.
  removed r2c1:28 r2c3:28 r2c7:8
  removes r4c7:1 r5c9:1

naked_pair
49..27563723...1845...34..9.5......73.72.59419......5.275613498149.......3.4...15
  removed r4c4:18 r6c4:18 r8c4:8 r9c5:8 r9c6:8 r9c7:6
  removes r4c7:2 r6c7:2 r8c7:2 r8c7:7

hidden_pair
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.3.
  removed r2c1:28 r2c3:28 r2c7:8 r4c7:18 r5c9:8
  removes r6c1:2 r6c1:8 r6c3:1 r6c3:2 r6c3:8

naked_triple
49..27563723...1845...34..9.5...1..73.72.594191.....5.275613498149.......3.4...15
  removed r4c3:68 r4c4:8 r4c5:68 r4c7:23 r6c3:68 r6c4:8 r6c5:68 r6c7:2 r8c4:8 r8c7:27 r9c5:8
  removed r9c6:8 r9c7:6
  removes r2c5:9 r8c5:7

hidden_triple
5284..7.63...8.24.4..2..8...85.....2..2.1.3..6......5...6..85.3....5..87859..7.24
  removed r2c2:17 r2c4:19 r3c2:17 r4c4:79 r4c5:7 r4c7:6 r4c8:19 r5c2:9 r5c4:79 r5c8:9 r6c2:479
  removed r6c3:17 r6c4:39 r6c5:3 r6c6:3 r7c1:1 r7c2:1 r7c5:9 r8c2:4 r8c3:1 r8c4:13 r8c6:1369
  removed r8c7:1
  removes r2c4:6 r5c4:6

x_wing
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.3.
  removed r2c1:28 r2c3:28 r2c7:8 r4c3:2 r4c7:18 r5c1:2 r5c9:8 r6c1:28 r6c3:128 r8c2:2
  removes r9c9:2

swordfish
5721.96.49.6....5..145629.7..93.756..5769.3...632.5479628951743.95.....6..1.26895
  removed r2c9:8 r5c8:8 r8c1:3
  removes r2c5:8 r4c1:8 r4c5:8 r5c1:8 r8c5:8

xy_wing
49..27563723...1845...34..9.5...1..73.72.594191.....5.275613498149.......3.4...15
  removed r2c5:9 r4c3:68 r4c4:8 r4c5:68 r4c7:23 r6c3:68 r6c4:8 r6c5:68 r6c7:2 r8c4:8 r8c5:7
  removed r8c7:27 r9c5:8 r9c6:8 r9c7:6
  removes r8c9:2

xyz_wing
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.38
  removed r2c1:28 r2c3:28 r2c7:8 r4c3:2 r4c7:18 r5c1:2 r6c1:28 r6c3:128 r8c2:2
  removes r4c2:8

unique_rectangle_1
546927813.8.643.5737.158.64.2....386.5.36..21613....95.9..36142.3..9.678.647..539
  removes r2c3:2 r2c3:9

unique_rectangle_2
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.3.
  removed r2c1:28 r2c3:28 r2c7:8 r4c7:18 r5c9:8 r6c1:28 r6c3:128
  removes r4c3:2 r5c1:2 r8c2:2

unique_rectangle_4
..3.91.48.4.78.3.9.8.43.1...3.1.7.9.52..4..71.7...8.......1..8.3.7864.1.8125794..
  removed r1c1:6 r2c1:6 r3c1:6 r6c1:46 r6c4:23 r7c1:9 r7c3:9 r7c7:26 r7c9:236
  removes r6c8:6 r6c9:6

unique_rectangle_3
..3.91.48.4.78.3.9.8.43.1...3.1.7.9.52..4..71.7...8.......1..8.3.7864.1.8125794..
  removed r1c1:6 r2c1:6 r3c1:6 r6c1:46 r6c4:23 r6c8:6 r6c9:6 r7c1:9 r7c3:9 r7c7:26 r7c9:236
  removes r1c7:6

unique_rectangle_6
..826..3....8..4.6.9.4.51..17.6943..38.517..4..4382.17..1.28.53837.56.4..2..438..
  removed r1c1:5 r1c2:5 r2c3:2 r3c3:2 r7c7:9 r9c8:9
  removes r3c8:8 r4c9:8

unique_rectangle_5
8.526.741.12475.68764.812...8...2..64...3..8262.5.8.7..78.2..1.2461.78..1..8.4627
  removed r3c8:9 r4c5:9 r6c5:9 r7c1:3 r7c4:9 r7c6:9 r7c7:3 r7c9:3 r8c9:9
  removes r7c9:9

hidden_rectangle
8.526.741.12475.68764.812...8...2..64...3..8262.5.8.7..78.2..1.2461.78..1..8.4627
  removed r4c5:9 r6c5:9 r7c1:3 r7c4:9 r7c6:9 r7c7:3 r7c9:3
  removes r5c3:9

naked_quad
4...925.3.3.5..8...51.83..6.7....19.1...7..38.49....6.5...4.38...3.57.4...483..51
  removed r2c1:2 r2c9:27 r3c7:27 r4c1:68 r4c3:26 r4c4:24 r4c6:6 r4c9:2 r5c3:2 r5c4:26 r5c6:46
  removed r6c4:2 r7c2:2 r8c1:9 r8c2:2 r8c4:6 r9c1:9
  removes r6c6:1

jellyfish
.1.938.2..82..5.3939.7.218523..9.8..1.985.3.2..8.23.9.8.32.9..69..3..2.8.2.58.943
  removed r1c1:6 r4c3:7 r4c8:1 r6c1:7 r6c7:6 r7c2:7 r8c2:7 r8c3:7 r8c6:7 r9c6:7
  removes r1c3:4 r2c5:4 r4c3:4 r4c6:4 r6c2:4

bug_plus_one
397...516842561379156..9842.3468.2912.91.346.61.29473.92..1.68....9.612.461...957
  removed r7c4:3 r8c5:37
  places r8c3:5

finned_x_wing
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.38
  removed r2c1:28 r2c3:28 r2c7:8 r4c2:8 r4c3:2 r4c7:18 r5c1:2 r6c1:28 r6c3:128 r7c3:2 r8c2:2
  removes r1c3:6

sashimi_x_wing
.7.593.4..4...1.9719.746.234..937..5.5941.37.....654.9.3.6.9.545.437.96.96.154.38
  removed r1c3:6 r2c1:28 r2c3:28 r2c7:8 r4c2:8 r4c3:2 r4c7:18 r5c1:2 r6c1:28 r6c3:128 r7c3:2
  removed r8c2:2
  removes r6c2:8

finned_swordfish
..2.91657.71.25398......42112...954....214.....95...12.5..421...1795.2842.418...5
  removed r3c3:8 r3c6:6 r6c5:7 r6c6:67 r7c4:6
  removes r3c1:8

sashimi_swordfish
3.681..2..18...6.7.9265.381.81.76.43.431....6.6.34..1.8.4..15621.9.6....62..8.1.9
  removed r1c6:4 r5c6:9 r5c8:7 r8c4:4 r8c6:47 r8c7:7 r9c6:7
  removes r6c6:5

two_string_kite
.7941326....572...24.968.7..287....49.....8277.482963...7.9..82..21.7....9.2.571.
  removed r2c9:3 r4c1:5 r7c1:6 r7c2:6 r8c9:5 r9c1:36 r9c5:3
  removes r7c1:3

turbot_fish
42.5.3.1885.92.7.33..8..52.734.52.8..82.97..559..48.729.8215..7..378925.275436891
  removed r1c3:6 r3c3:16 r5c8:6
  removes r7c2:6

empty_rectangle
28.65...35..81327...392...5..83.27.13.27.1..47..5.8..2.3.2865...26.75..88.5.39.2.
  removed r1c3:4 r3c1:4 r3c2:4
  removes r7c3:9

finned_jellyfish
5492.6..761..4725927.95....9.153..7.35..7..91....9.5.......592449.7...151.54.976.
  removed r3c7:3 r3c8:3 r3c9:3 r4c6:8 r5c3:8 r6c3:8 r6c6:8 r7c3:38 r7c4:6 r8c3:38 r8c5:8 r8c6:2
  removes r1c7:8

w_wing
.7215.834..3.7.1.21..23.5.7..13.2.783.7...21.26.7.13..436.279.1729.1....815.4.72.
  removed r2c2:8 r3c6:8 r5c2:45 r5c4:689 r5c6:689 r5c9:5 r6c8:9 r8c4:5 r8c6:6 r8c8:6 r8c9:6
  removes r2c4:9 r2c6:9

simple_colouring
.7941326....572...24.968.7..287....49.....8277.482963...7.9..82..21.7....9.2.571.
  removed r2c9:3 r3c9:5 r4c1:5 r7c1:36 r7c2:6 r8c2:5 r8c9:5 r9c1:36 r9c5:3
  removes r5c2:5

x_chain
1496..8.....4.13.97.329.1464.736.218.1....634638124795..1.46..33.47...6.......48.
  removed r1c6:5 r2c2:5 r2c8:2 r5c6:5 r7c2:5 r7c4:9 r7c8:5 r8c2:5 r8c6:5 r9c2:59 r9c6:5
  removes r5c6:8

xy_chain
..8.945.2.49.23.86.2..784932149573688..3.2.49...84.25.4832..9...7248.63.6.173.824
  removed r6c1:7 r6c2:6 r7c6:1 r7c9:1
  removes r2c1:1

nice_loop
4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..
  removed r1c3:59 r1c6:59 r1c8:5 r2c3:59 r2c6:157 r2c9:7 r3c3:59 r3c7:2 r4c3:6 r4c4:4 r4c6:4
  removed r4c7:4 r4c9:4 r5c3:124 r5c4:37 r5c9:4 r6c3:146 r6c6:4 r7c8:68 r7c9:68 r9c4:8 r9c6:68
  removed r9c8:35 r9c9:35
  removes r3c6:49

aic
1496..8.....4.13.97.329.1464.736.218.1....634638124795..1.46..33.47...6.......48.
  removed r1c6:5 r2c2:5 r2c8:2 r5c6:58 r7c2:5 r7c4:9 r7c8:5 r8c2:5 r8c6:5 r9c2:59 r9c6:5
  removes r1c5:7

hidden_quad
4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7......
  removed r1c2:12 r1c3:59 r2c2:12 r2c3:59 r3c2:2 r3c3:59 r4c2:12 r7c8:68 r7c9:68 r8c2:6 r9c2:46
  removed r9c7:35 r9c8:1235 r9c9:235
  removes r9c4:4 r9c4:8 r9c6:4 r9c6:6 r9c6:8

skyscraper
4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7......
  removed r1c2:12 r1c3:59 r2c2:12 r2c3:59 r3c2:2 r3c3:59 r4c2:12 r7c8:68 r7c9:68 r8c2:6 r9c2:46
  removed r9c7:35 r9c8:1235 r9c9:235
  removes r4c7:1 r6c7:1

sashimi_jellyfish
4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....
  removed r1c2:12 r1c3:59 r2c2:12 r2c3:59 r3c2:2 r3c3:59 r4c2:12 r4c4:4 r4c6:4 r4c7:14 r4c9:4
  removed r5c3:124 r6c3:146 r6c7:1 r7c8:68 r7c9:68 r8c2:6 r8c9:68 r9c2:6 r9c4:8 r9c6:68 r9c7:35
  removed r9c8:1235 r9c9:235
  removes r6c6:4

als_xz
......12....3.269....8.9....5..2..6.3.8......7...5.....15..64.....7....9.47.....6
  removed r1c1:59 r1c3:4 r1c9:5 r3c3:14 r4c1:9 r4c6:147 r4c7:9 r4c9:148 r5c5:1 r5c7:7 r5c8:17
  removed r5c9:7 r6c6:14 r6c8:1 r6c9:8 r7c9:8 r8c5:13 r8c6:38 r8c7:3 r8c8:3 r9c5:1 r9c6:38
  removes r1c2:7 r2c5:7

forcing_net
......12.5..3.269....8.9....5..2..6.3.8......7...5.....15..64.....7....9.47.....6
  removed r1c1:9 r1c2:7 r1c3:4 r1c4:4 r1c5:4 r1c9:5 r2c5:7 r2c9:4 r3c3:14 r4c1:9 r4c6:147 r4c7:9
  removed r4c9:148 r5c5:14 r5c6:4 r5c7:7 r5c8:17 r5c9:7 r6c6:14 r6c8:1 r6c9:8 r7c9:8 r8c5:13
  removed r8c6:38 r8c7:3 r8c8:3 r9c5:1 r9c6:38
  removes r6c7:2

sue_de_coq
6..1..28..53...197...7..64....8...6..9....7....24.........7.3.9....2.5..1........
  removed r4c6:1 r4c9:35 r5c6:1 r5c8:12 r5c9:35 r6c6:1 r6c8:1 r6c9:35 r8c6:9 r8c9:1 r9c4:6
  removed r9c5:9 r9c6:9 r9c9:2
  removes r7c6:56 r8c6:36 r9c2:48 r9c3:48 r9c9:48

als_xy_wing
4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..
  removed r1c3:59 r1c6:9 r2c3:59 r3c3:59 r4c3:6 r4c4:4 r4c6:4 r4c7:4 r4c9:4 r5c3:124 r5c9:4
  removed r6c3:146 r6c6:4 r7c8:68 r7c9:68 r9c4:8 r9c6:68 r9c8:35 r9c9:35
  removes r3c7:2

als_chain
.4..1.2.......9.7..1..........43.6..8......5....28....7.5..8......6..3..9........
  removed r1c3:368 r1c6:5 r2c2:3 r2c3:3 r2c4:8 r2c7:8 r2c9:8 r3c3:2368 r3c6:57 r4c3:79 r4c6:1
  removed r5c2:39 r5c3:14679 r5c4:7 r5c7:19 r5c9:179 r6c1:3 r6c2:3 r6c3:79 r6c6:1 r6c7:4 r6c8:4
  removed r6c9:4 r8c6:5 r8c9:24 r9c3:3 r9c6:5 r9c7:4 r9c9:4
  removes r3c7:4

als_chain
.5.128.744..3.....2..4......1.7.4.8.9.....4...4....7...34....1.....4.2......5.64.
  removed r2c2:6 r2c3:6 r2c7:59 r2c8:9 r2c9:19 r3c2:6 r3c3:68 r3c7:59 r3c9:19 r4c1:3 r4c3:5 r5c5:6
  removed r5c6:135 r6c4:8 r6c6:1235 r6c9:9 r7c1:7 r7c4:89 r7c7:9 r7c9:7 r8c1:568 r8c2:7 r8c3:167
  removed r8c6:679 r9c1:8 r9c2:78 r9c3:17 r9c4:2 r9c6:279 r9c9:89
  removes r7c9:5

death_blossom
.4..1.2.......9.7..1..........43.6..8......5....28....7.5..8......6..39.9........
  removed r1c1:6 r1c3:368 r1c6:57 r1c9:5 r2c2:3 r2c3:23 r2c4:8 r2c7:8 r2c9:8 r3c3:2368 r3c6:57
  removed r4c2:7 r4c3:79 r4c6:1 r5c2:369 r5c3:14679 r5c4:7 r5c5:7 r5c6:7 r5c7:19 r5c9:179 r6c1:35
  removed r6c2:3 r6c3:79 r6c6:16 r6c7:4 r6c8:4 r6c9:4 r8c5:24 r8c6:57 r8c9:1248 r9c2:8 r9c3:38
  removed r9c6:57 r9c7:4 r9c9:4
  removes r2c1:5

tridagon
45.6...896.7...4.5.89...67.8....9..6....1.......2.37...45..8.677.8...9.496.7...5.
  removed r2c4:13 r2c5:23 r5c2:23 r5c6:5 r5c8:23
  places r9c9:8

junior_exocet
.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....
  removes r7c9:3

sk_loop
1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1
  removes r1c3:7 r2c5:3 r2c5:8 r2c6:8 r3c1:2 r5c2:4 r5c2:8 r5c8:3 r5c8:9 r7c3:1 r8c4:5 r8c5:4 r9c1:6

msls
9876.....65....8............4..9..3...65..9.......2..1..59..7......3..49.....1..2
  removes r1c7:5 r2c4:7 r3c5:124 r3c6:34 r3c8:12 r3c9:34 r5c1:78 r5c2:7 r6c5:4 r7c1:8 r7c2:6
  removes r9c5:4

cell_forcing_chain
......12.5..3.269....8.9....5..2..6.3.8......7...5.....15..64.....7....9.47.....6
  removed r1c1:9 r1c2:7 r1c3:46 r1c4:4 r1c5:4 r1c9:5 r2c5:7 r2c9:4 r3c3:14 r4c1:9 r4c6:147 r4c7:9
  removed r4c9:148 r5c5:14 r5c6:4 r5c7:7 r5c8:17 r5c9:7 r6c6:14 r6c8:1 r6c9:8 r7c9:8 r8c5:13
  removed r8c6:38 r8c7:3 r8c8:3 r9c5:1 r9c6:38
  removes r1c9:3

unit_forcing_chain
5..2..3......8..9...2.34..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9
  removed r1c8:1 r1c9:1 r4c6:5 r5c4:59 r5c6:5 r6c4:45 r7c5:5 r9c5:4
  removes r7c8:1

forcing_net_plus
6.395.481...4.86.2.48.61.5.........6..46.95..86.5......8.....657.51.6...496825713
  removed r4c2:23 r4c3:2 r4c5:347 r4c7:9 r4c8:2 r5c5:3 r6c5:3 r6c7:39 r7c5:3 r8c5:4 r8c7:9 r8c9:9
  removes r8c2:2

nested_chain_net
6.395.481...4.86.2.48.61.5.........6..46.95..86.5......8.....657.51.6...496825713
  removed r4c2:23 r4c3:2 r4c5:347 r4c7:9 r4c8:2 r5c5:3 r6c5:3 r6c7:39 r7c5:3 r8c5:4 r8c7:9 r8c9:9
  removes r8c2:2

nested_multiple_net
6.395.481...4.86.2.48.61.5.........6..46.95..86.5......8.....657.51.6...496825713
  removed r4c2:23 r4c3:2 r4c5:347 r4c7:9 r4c8:2 r5c5:3 r6c5:3 r6c7:39 r7c5:3 r8c5:4 r8c7:9 r8c9:9
  removes r8c2:2

nested_net
6.395.481...4.86.2.48.61.5.........6..46.95..86.5......8.....657.51.6...496825713
  removed r4c2:23 r4c3:2 r4c5:347 r4c7:9 r4c8:2 r5c5:3 r6c5:3 r6c7:39 r7c5:3 r8c5:4 r8c7:9 r8c9:9
  removes r8c2:2

nested_net_plus
6.395.481...4.86.2.48.61.5.........6..46.95..86.5......8.....657.51.6...496825713
  removed r4c2:23 r4c3:2 r4c5:347 r4c7:9 r4c8:2 r5c5:3 r6c5:3 r6c7:39 r7c5:3 r8c5:4 r8c7:9 r8c9:9
  removes r8c2:2

deep_nested_net
6.395.481...4.86.2.48.61.5.........6..46.95..86.5......8.....657.51.6...496825713
  removed r4c2:23 r4c3:2 r4c5:347 r4c7:9 r4c8:2 r5c5:3 r6c5:3 r6c7:39 r7c5:3 r8c5:4 r8c7:9 r8c9:9
  removes r8c2:2

direct_claiming
....96.3...9..31..374.1........8..7.816...359.2..6........4.713..78..4...4.13....
  places r6c1:7
  removes r6c4:7 r6c6:7

direct_hidden_triple
49...75637.3...1845...34..9.5......73.72.59419......5.275613498149.......3.4...15
  places r1c5:2
  removes r2c5:2 r2c6:2

direct_hidden_pair
49..27563723...1845...34..9.5......73.72.59419......5.275613498149.......3.4...15
  places r6c2:1
  removes r4c3:1 r4c3:6 r4c3:8 r6c3:1 r6c3:6 r6c3:8

direct_pointing
..1.96.3...9..31..374.18...49..8..7.816...35972..6.......64.7131378..4...4.13....
  places r6c4:9
  removes r6c6:9

als_xz
....4...1.3.6.....8........1.9.75.........87....2......7....26.5..394......7..3..
  removed r1c1:9 r2c1:9 r4c9:4 r5c9:34 r6c5:1 r6c6:1 r6c8:3 r6c9:3 r7c3:18 r7c9:58 r8c2:18 r8c3:18
  removed r9c1:26 r9c2:2469 r9c3:246 r9c5:158 r9c6:18 r9c8:18 r9c9:8
  removes r2c9:4 r2c9:5 r2c9:9 r3c9:4 r3c9:5 r3c9:9 r4c2:4 r4c4:4 r6c7:4 r6c7:6 r6c8:4

franken_fish
.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946
  removed r1c5:4 r3c6:1 r4c2:4 r4c4:1 r5c2:9 r7c4:4 r8c4:14
  removes r1c3:9

finned_franken_fish
.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946
  removed r1c3:9 r1c5:4 r3c6:1 r4c2:4 r4c4:1 r5c2:9 r7c4:4 r8c4:14
  removes r8c4:9

mutant_fish
.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946
  removed r1c5:4 r3c6:1 r4c2:4 r4c4:1 r5c2:9 r7c4:4 r8c4:14
  removes r1c3:9

finned_mutant_fish
.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946
  removed r1c3:9 r1c5:4 r3c6:1 r4c2:4 r4c4:1 r5c2:9 r7c4:4 r8c4:14
  removes r8c4:9

multi_colouring
......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......
  removes r2c4:8 r3c2:8 r4c3:8 r4c5:8 r6c3:8 r6c5:8

multi_colouring
.9..4187678.3..15441.8..329..91...6.1...6.9..674..851.967485231.4..12.95521......
  removes r4c1:3 r5c3:3

medusa
.1.382564...975138...164729...691275275438691196527843....59412..1.43986.4..16357
  removes r7c3:8

medusa
5.42193.6136748259..253641...3695..165.4.193..198.356432.164.95..135.6...6598.1.3
  removes r4c7:8 r5c3:7 r5c9:8 r7c3:8 r7c7:7

aic
7.14....34...3..71.3.1.74...1...43.997.31..483486..71.1.7..3984.93.4.127..4..1536
  removed r3c1:6 r3c3:2 r4c4:25 r4c5:25 r5c3:2 r7c2:2 r8c1:8 r9c4:28 r9c5:28
  removes r3c1:5

aic
3.64....1.8.2...9671..6.4..96...52..17.....64..37.6..96...8..4223...46..84.6.29.5
  removed r1c2:5 r1c8:7 r2c5:5 r2c6:7 r2c7:5 r3c3:5 r3c8:3 r4c8:8 r4c9:8 r5c7:8 r7c4:5
  removed r7c7:7 r8c3:5
  removes r4c5:3

aligned_pair_exclusion
.9.367.4..4....97.27.94.6.1...59341..1..2..6.4.......97......96.8..3..2...21798.4
  removed r1c1:5 r1c3:5 r1c9:8 r2c1:18 r2c3:18 r2c6:5 r2c9:25 r3c3:8 r3c8:5 r5c3:3 r6c2:6
  removed r6c3:56 r6c8:3 r7c3:35 r7c6:45 r8c1:56 r8c3:56
  removes r5c9:5

aligned_triple_exclusion
..17...24.....4..8.4..231...6......22176384599..2...1.8.345..6.1..3......7...29..
  removed r2c4:9 r4c4:1 r4c6:9
  removes r8c3:9
"""


def _fixtures() -> list[tuple[str, str, str, str, str]]:
    out = []
    for block in FIXTURE_TEXT.strip().split("\n\n"):
        tid, grid, *rest = block.strip().splitlines()
        parts: dict[str, list[str]] = {"removed": [], "places": [], "removes": []}
        for line in rest:
            key, _, tokens = line.strip().partition(" ")
            parts[key].append(tokens)
        removed, places, removes = (" ".join(parts[k]) for k in ("removed", "places", "removes"))
        out.append((tid, grid, removed, places, removes))
    return out


FIXTURES = _fixtures()

_TOKEN = re.compile(r"r(\d+)c(\d+):(\w+)")


def candidates(text: str, n: int = 9) -> set[tuple[int, int]]:
    """``r2c1:28 r4c3:2`` -> {(cell, digit), ...}."""
    out = set()
    for r, c, ds in _TOKEN.findall(text):
        cell = (int(r) - 1) * n + int(c) - 1
        for ch in ds:
            out.add((cell, int(ch, 36)))
    return out


def position(grid: str, removed: str) -> State:
    g = parse(grid)
    return State.from_grid(g).applied((), sorted(candidates(removed, g.size)))


def check_sound(state: State, step: Step) -> None:
    solution = solve(state.to_grid())
    assert solution is not None
    for c, d in step.placements:
        assert solution[c] == d, f"{step.technique} places a wrong {d} in cell {c}"
    for c, d in step.eliminations:
        assert solution[c] != d, f"{step.technique} removes the solution's {d} from cell {c}"
        assert state.cands[c] >> (d - 1) & 1, "eliminates a candidate that is not there"
    assert step.placements or step.eliminations


@pytest.mark.parametrize(
    ("tid", "grid", "removed", "placements", "eliminations"),
    FIXTURES,
    ids=[f[0] for f in FIXTURES],
)
def test_fixture(tid: str, grid: str, removed: str, placements: str, eliminations: str) -> None:
    state = position(grid, removed)
    step = BY_ID[tid].find(state)
    assert step is not None
    assert step.technique == tid
    assert set(step.placements) == candidates(placements)
    assert set(step.eliminations) == candidates(eliminations)
    check_sound(state, step)
    # One sentence that names every cell it changes.
    assert step.text.endswith(".")
    shape = Shape.of(9)
    for c, _ in (*step.placements, *step.eliminations):
        assert shape.cell_name(c) in step.text
    # A naked single rates lower when a direct technique is also available (SE's order).
    assert step.rating >= BY_ID[tid].rating or tid == "naked_single"


def test_every_technique_has_a_fixture() -> None:
    covered = {f[0] for f in FIXTURES}
    # Variant techniques have theirs under their rules, in test_logic_rules.py.
    missing = [t.id for t in TECHNIQUES if t.id not in covered and not t.variant]
    assert not missing, missing


def test_docs_list_every_technique() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[1] / "docs" / "logic.md"
    if not docs.exists():
        pytest.skip("docs/logic.md not present")
    text = docs.read_text()
    missing = [t.id for t in TECHNIQUES if f"`{t.id}`" not in text]
    assert not missing, missing


def test_registry_order() -> None:
    ids = [t.id for t in TECHNIQUES]
    assert len(ids) == len(set(ids))
    levels = [LEVELS.index(t.level) for t in TECHNIQUES]
    assert levels == sorted(levels), "techniques must be ordered by level"
    for level in LEVELS:
        ratings = [t.rating for t in TECHNIQUES if t.level == level]
        assert ratings == sorted(ratings), f"{level}: ratings must not decrease"


def test_x_wing_sentence() -> None:
    # The issue's own example: X-Wing on 4 in rows 2 and 7, columns 3 and 8.
    n = 9
    cands = [0] * 81
    four = 1 << 3
    other = 0b111110111  # every digit but 4
    for c in range(81):
        cands[c] = other
    for r, c in ((1, 2), (1, 7), (6, 2), (6, 7), (4, 2), (8, 7)):
        cands[r * n + c] |= four
    state = State(Shape.of(9), [0] * 81, cands)
    step = BY_ID["x_wing"].find(state)
    assert step is not None
    assert step.text == (
        "X-Wing on 4 in rows 2 and 7, columns 3 and 8: 4 can be removed from r5c3 and r9c8."
    )
    assert set(step.eliminations) == {(4 * 9 + 2, 4), (8 * 9 + 7, 4)}


def test_hidden_single_sentence() -> None:
    # 4×4: 1 in r1c3 and r4c1 leave box 1 only r2c2 for 1.
    grid = parse("...." * 4, size=4).with_cell(2, 1).with_cell(12, 1)
    step = BY_ID["hidden_single"].find(State.from_grid(grid))
    assert step is not None
    assert step.text == "In box 1, 1 fits only in r2c2."
    assert step.placements == ((5, 1),)


def _rectangle_6x6(kind: str, broken: bool) -> State:
    """A 6×6 candidate grid (every digit everywhere) with a rectangle on 1 and 2 in r1c1,
    r1c4, r2c1 and r2c4 (boxes 1 and 2) set up for ``kind``; ``broken`` undoes one
    condition of the pattern."""
    shape = Shape.of(6)
    n = 6
    full = (1 << n) - 1
    cands = [full] * (n * n)
    pair, one = 0b11, 0b1
    rect = {0, 3, 6, 9}
    if kind == "hidden_rectangle":
        cands[0] = pair  # r1c1 bivalue; 1 only inside the rectangle in row 2 and column 4
        for c in [*range(6, 12), *range(3, 36, 6)]:
            if c not in rect:
                cands[c] &= ~one
        if broken:
            cands[11] |= one  # 1 back in r2c6
    else:
        cands[0] = cands[9] = pair  # r1c1 and r2c4 bivalue, r1c4 and r2c1 the roofs
        if kind == "unique_rectangle_5":
            cands[3] = cands[6] = 0b111  # the pair plus 3
            if broken:
                cands[6] |= 0b1000  # r2c1 also holds 4
        else:
            for c in range(12):
                if c not in rect:
                    cands[c] &= ~one  # 1 only inside the rectangle in rows 1 and 2
            if broken:
                cands[5] |= one  # 1 back in r1c6
    return State(shape, [0] * (n * n), cands)


@pytest.mark.parametrize(
    ("tid", "eliminations"),
    [
        ("hidden_rectangle", {(9, 2)}),
        ("unique_rectangle_6", {(3, 1), (6, 1)}),
        # The cells seeing both roofs: r1c2, r1c3 (row 1, box 1), r2c5, r2c6 (row 2, box 2).
        ("unique_rectangle_5", {(1, 3), (2, 3), (10, 3), (11, 3)}),
    ],
)
def test_rectangles_on_6x6(tid: str, eliminations: set[tuple[int, int]]) -> None:
    step = BY_ID[tid].find(_rectangle_6x6(tid, broken=False))
    assert step is not None
    assert set(step.eliminations) == eliminations
    assert not step.placements
    assert {0, 3, 6, 9} <= set(step.cells)
    assert BY_ID[tid].find(_rectangle_6x6(tid, broken=True)) is None


def test_hidden_rectangle_sentence() -> None:
    step = BY_ID["hidden_rectangle"].find(_rectangle_6x6("hidden_rectangle", broken=False))
    assert step is not None
    assert step.text == (
        "Hidden Rectangle on 1 and 2 in r1c1, r1c4, r2c1 and r2c4: if those cells held only "
        "1 and 2, the two digits could swap and the puzzle would have two solutions; in row 2 "
        "and column 4, 1 fits only in the rectangle, so r2c4 as 2 would put 1 in r1c4 and "
        "r2c1 and 2 in r1c1: 2 can be removed from r2c4."
    )
