#!/usr/bin/env python3
"""The window's fallback fonts (docs/i18n.md#fonts): the glyphs the
translations use, cut from free fonts, for a desktop that has no font for
them. The system's fonts come first wherever it has them.

  python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools
  apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x
  /tmp/ft/bin/python tools/fonts/subset.py \
      x/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
      /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

Run it again after a change to the zh-CN, ja, ko or ar messages; the
test `every_character_of_the_translations_has_a_glyph` says when.

- gui/fonts/diskmark-cjk.otf: Noto Sans CJK JP Regular (SIL OFL 1.1), the
  characters of gui/i18n/{zh-CN,ja,ko}/diskmark.ftl.
- gui/fonts/diskmark-arabic.ttf: DejaVu Sans (Bitstream Vera licence, DejaVu
  changes public domain), the characters of gui/i18n/ar/diskmark.ftl with the
  shaping forms they need.
Each is renamed, as both licences ask of a modified font.
"""
import os, sys
from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")


def characters(langs):
    chars = set()
    for lang in langs:
        with open(os.path.join(ROOT, "gui", "i18n", lang, "diskmark.ftl"), encoding="utf-8") as f:
            chars |= {c for c in f.read() if ord(c) > 0x7f}
    # The ASCII the messages mix in: drawn by this font too, so that a run
    # of text needs no second font in its middle.
    chars |= {chr(c) for c in range(0x20, 0x7f)}
    return "".join(sorted(chars))


def rename(font, family):
    for rec in font["name"].names:
        if rec.nameID in (1, 4, 16, 21):
            rec.string = family
        elif rec.nameID == 6:
            rec.string = family.replace(" ", "")
        elif rec.nameID == 3:
            rec.string = family + " subset"


def cut(font, text, family, out):
    opts = subset.Options()
    opts.layout_features = ["*"]
    opts.hinting = False
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    s = subset.Subsetter(opts)
    s.populate(text=text)
    s.subset(font)
    rename(font, family)
    font.save(out)
    print(f"{out}: {len(text)} characters, {os.path.getsize(out)} bytes")


def main():
    cjk_ttc, dejavu = sys.argv[1], sys.argv[2]
    faces = TTCollection(cjk_ttc).fonts
    jp = next(f for f in faces if "Noto Sans CJK JP" in str(f["name"].getDebugName(1)))
    cut(jp, characters(["zh-CN", "ja", "ko"]), "diskmark CJK",
        os.path.join(ROOT, "gui", "fonts", "diskmark-cjk.otf"))
    cut(TTFont(dejavu), characters(["ar"]), "diskmark Arabic",
        os.path.join(ROOT, "gui", "fonts", "diskmark-arabic.ttf"))


if __name__ == "__main__":
    main()
