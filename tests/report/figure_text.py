#!/usr/bin/env python3
"""figure_text.py - checks a PDF figure for a paper: every word's box
inside the page (pdftotext -bbox, poppler-utils) and every text at least
MIN_PT points (the size of each text object: cairo writes it as the scale
of the Tm matrix, at font size 1, under no scaling cm).  Optionally that
no tick reads as an SI-prefixed count below 1 ("100m").
usage: figure_text.py FILE.pdf [--min-pt 7] [--no-milli] [--width-cm W]
Prints one line per fault and exits 1 if any."""
import re
import subprocess
import sys
import zlib


def main():
    args = sys.argv[1:]
    path = args[0]
    min_pt = float(args[args.index("--min-pt") + 1]) if "--min-pt" in args else 7.0
    width_cm = float(args[args.index("--width-cm") + 1]) if "--width-cm" in args else None
    faults = []
    xml = subprocess.run(["pdftotext", "-bbox", path, "-"], capture_output=True, text=True,
                         check=True).stdout
    page = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', xml)
    if not page:
        print(f"{path}: no page")
        return 1
    pw, ph = float(page.group(1)), float(page.group(2))
    if width_cm is not None and abs(pw - width_cm / 2.54 * 72) > 1:
        faults.append(f"page {pw:.1f} pt wide, expected {width_cm} cm")
    words = re.findall(r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" '
                       r'yMax="([-\d.]+)">([^<]*)</word>', xml)
    if not words:
        faults.append("no text at all")
    eps = 0.5
    for x0, y0, x1, y1, w in words:
        x0, y0, x1, y1 = map(float, (x0, y0, x1, y1))
        if x0 < -eps or y0 < -eps or x1 > pw + eps or y1 > ph + eps:
            faults.append(f"'{w}' outside the page {pw:.0f}x{ph:.0f}: "
                          f"[{x0:.1f},{y0:.1f}]-[{x1:.1f},{y1:.1f}]")
        if "--no-milli" in args and re.fullmatch(r"[\d.]+m", w):
            faults.append(f"a tick '{w}': an SI milli on a count")
    data = open(path, "rb").read()
    sizes = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            text = zlib.decompress(m.group(1))
        except zlib.error:
            text = m.group(1)
        if b" cm" in text and re.search(rb"(?<![\d.])(?!1 0 0 (?:-)?1 )[-\d.]+ [-\d.]+ [-\d.]+ "
                                         rb"[-\d.]+ [-\d.]+ [-\d.]+ cm", text):
            # a scaling cm would make Tm no font size: say so rather than guess
            for c in re.findall(rb"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ cm",
                                text):
                a, b, c2, d = map(float, c)
                if abs(abs(a * d - b * c2) - 1) > 1e-6:
                    faults.append(f"a scaling cm {c}: the font sizes cannot be read")
                    break
        for tf in re.finditer(rb"BT\s+([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ Tm"
                              rb"\s+/\S+ ([\d.]+) Tf", text):
            a, b, _, _, f = map(float, tf.groups())
            sizes.append((a * a + b * b) ** 0.5 * f)
    if not sizes:
        faults.append("no text object found in the content streams")
    small = [s for s in sizes if s < min_pt - 1e-6]
    if small:
        faults.append(f"{len(small)} of {len(sizes)} texts below {min_pt} pt (smallest "
                      f"{min(small):.2f} pt)")
    for f in faults:
        print(f"{path}: {f}")
    print(f"{path}: {len(words)} words, {len(sizes)} texts of {min(sizes, default=0):.2f} to "
          f"{max(sizes, default=0):.2f} pt, page {pw / 72 * 2.54:.2f} x {ph / 72 * 2.54:.2f} cm")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
