#!/usr/bin/env python3
"""Makes the web board's picture men, adapter/src/serve/page/men/cburnett.svg, from the
npm package chessboard-element (MIT; `npm pack chessboard-element@1.2.0`), whose
lib/wikipedia-pieces-svg.js holds Colin M. L. Burnett's men from Wikimedia Commons.

Burnett offers his men under several licences (GFDL, CC BY-SA 3.0, BSD, GPL 2+); Morphy
takes them under the BSD licence, with his attribution: men/LICENSE-cburnett.txt, and the
package's own licence beside it (men/LICENSE-chessboard-element.md).

The script writes one SVG sprite, a <symbol> per man (`wK` ... `bP`, 45×45), and turns
each `style` attribute into presentation attributes (the page's Content-Security-Policy
allows no inline styles); the package's one typo, `fill:000000`, becomes `#000000`.

Usage: scripts/vendor_men.py PACKAGE_DIR OUT_SVG
"""

import re
import sys

src = open(f"{sys.argv[1]}/lib/wikipedia-pieces-svg.js", encoding="utf-8").read()
men = re.findall(r"(\w\w): svg `(.*?)`", src, re.S)
assert len(men) == 12, [m[0] for m in men]


def attributes(match):
    out = []
    for decl in match.group(1).split(";"):
        if ":" not in decl:
            continue
        name, value = (part.strip() for part in decl.split(":", 1))
        if name == "fill" and value == "000000":
            value = "#000000"
        out.append(f'{name}="{value}"')
    return " ".join(out)


symbols = []
for name, body in sorted(men, key=lambda m: ("wb".index(m[0][0]), "KQRBNP".index(m[0][1]))):
    body = re.sub(r'style="([^"]*)"', attributes, body)
    body = "\n".join(line.rstrip() for line in body.strip().splitlines() if line.strip())
    symbols.append(f'<symbol id="{name}" viewBox="0 0 45 45">\n{body}\n</symbol>')

header = """<!--
  Chess men by Colin M. L. Burnett (Wikimedia Commons: Category:SVG chess pieces),
  taken under the BSD licence he offers them under (LICENSE-cburnett.txt beside this
  file), from the npm package chessboard-element 1.2.0 (MIT, LICENSE-chessboard-element.md),
  made into this sprite by scripts/vendor_men.py.
-->"""
with open(sys.argv[2], "w", encoding="utf-8") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg">\n')
    f.write(header + "\n")
    f.write("\n".join(symbols))
    f.write("\n</svg>\n")
