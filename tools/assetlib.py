"""Shared drawing helpers for the asset generators (tools/gen_sprites.py).

Everything here is deterministic: no clocks, no unseeded randomness. Art is
drawn at ``SS`` times the final size with pygame.draw and our own font, then
reduced with pygame's GENERIC smoothscale (the same result on every CPU), and
written by :func:`save_png`, a tiny PNG encoder on the standard library's
zlib, so the bytes do not depend on which libpng pygame was built with.

The counter renderer, :func:`render_counter`, takes a plain ``spec`` dict, so
each game's section in gen_sprites.py only has to turn its unit data into
specs. Spec fields (all but ``side_colour`` optional):

    label        str   small text at the top ("小林", "36/149")
    side         str   side id; picks the corner glyph via ``emblem``
    emblem       str   "sun" | "star" | "magen_david" | "egypt" | "none" (corner glyph:
                       side not by colour alone)
    side_colour  (r, g, b)
    nato         str   infantry | armor | cavalry | motorized | armored_car | artillery |
                       mechanized | engineer | bridging | ""
    para         bool  airborne: a parachute canopy arc in the lower part of the NATO box
    silhouette   str   "" | "tank" | "armored_car": a side-view vehicle instead of the big symbol box
    values       {"front": (attack, defence), "back": (attack, defence) or None}
    split_values bool  always print "attack-defence" (tanks), even when equal
    ma           int   movement allowance (shown in the badge at bottom right)
    value_text   str   printed instead of ``values`` (single-sided counters: "4")
    note         str   tiny extra text after the values (e.g. artillery range "R3")
    label_w      float widest label in 96-px units (default 48; wider labels shrink)
    size         int   final pixel size (default 96)
"""
from __future__ import annotations

import math
import os
import struct
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "fonts"
SS = 4  # supersampling factor

INK = (24, 22, 20)
PAPER = (250, 248, 240)
WHITE = (255, 255, 255)
SUN_RED = (200, 24, 32)
STAR_GOLD = (255, 214, 64)

_fonts: dict[tuple[str, int], "pygame.freetype.Font"] = {}


def init() -> None:
    """Start only what drawing needs (no display, no mixer)."""
    if not pygame.freetype.get_init():
        _fonts.clear()  # fonts from an earlier freetype session are dead
        pygame.freetype.init()
    pygame.transform.set_smoothscale_backend("GENERIC")


def font(px: int, bold: bool = True) -> "pygame.freetype.Font":
    """Our subset font at ``px`` pixels (size in pixels of the em)."""
    key = ("Bold" if bold else "Regular", px)
    f = _fonts.get(key)
    if f is None:
        path = FONT_DIR / f"SandtableSans-{key[0]}.otf"
        f = pygame.freetype.Font(str(path), px)
        f.antialiased = True
        f.kerning = False
        f.pad = False
        _fonts[key] = f
    return f


# --- PNG -------------------------------------------------------------------

def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def png_bytes(surf: pygame.Surface) -> bytes:
    """Encode an RGBA PNG (filter 0 on every row, zlib level 9)."""
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    stride = w * 4
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
            + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b""))


def save_png(surf: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = png_bytes(surf)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


# --- colour ----------------------------------------------------------------

def clamp(v: float) -> int:
    return max(0, min(255, int(round(v))))


def shade(c, f: float):
    """f < 1 darkens, f > 1 lightens towards white."""
    if f <= 1:
        return tuple(clamp(x * f) for x in c[:3])
    t = f - 1
    return tuple(clamp(x + (255 - x) * t) for x in c[:3])


def mix(a, b, t: float):
    return tuple(clamp(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))


def luminance(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_for(bg):
    """Dark ink on light backgrounds, white on dark ones."""
    return INK if luminance(bg) > 140 else WHITE


# --- canvas ----------------------------------------------------------------

class Canvas:
    """A supersampled drawing surface with coordinates in final pixels."""

    def __init__(self, w: int, h: int, bg=(0, 0, 0), ss: int = SS):
        init()
        self.w, self.h, self.ss = w, h, ss
        self.surf = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        # transparent, but with the edge colour, so reduction leaves no dark fringe
        self.surf.fill((*bg[:3], 0))

    def p(self, v: float) -> int:
        return int(round(v * self.ss))

    def pt(self, xy):
        return (self.p(xy[0]), self.p(xy[1]))

    def rect(self, x, y, w, h):
        return pygame.Rect(self.p(x), self.p(y), self.p(w), self.p(h))

    # primitives (final-pixel units)
    def fill_rect(self, col, x, y, w, h, radius: float = 0, width: float = 0):
        pygame.draw.rect(self.surf, col, self.rect(x, y, w, h),
                         width=self.p(width) if width else 0, border_radius=self.p(radius) if radius else -1)

    def circle(self, col, cx, cy, r, width: float = 0):
        pygame.draw.circle(self.surf, col, self.pt((cx, cy)), self.p(r), self.p(width) if width else 0)

    def ellipse(self, col, x, y, w, h, width: float = 0):
        pygame.draw.ellipse(self.surf, col, self.rect(x, y, w, h), self.p(width) if width else 0)

    def polygon(self, col, pts, width: float = 0):
        pygame.draw.polygon(self.surf, col, [self.pt(q) for q in pts], self.p(width) if width else 0)

    def line(self, col, a, b, width: float = 1):
        """A thick line with square-ish ends, drawn as a polygon."""
        (x1, y1), (x2, y2) = a, b
        dx, dy = x2 - x1, y2 - y1
        n = math.hypot(dx, dy) or 1
        ox, oy = -dy / n * width / 2, dx / n * width / 2
        self.polygon(col, [(x1 + ox, y1 + oy), (x2 + ox, y2 + oy), (x2 - ox, y2 - oy), (x1 - ox, y1 - oy)])

    def text(self, s: str, px: float, col, center=None, left=None, right=None, cy=None, bold=True,
             max_w: float | None = None):
        """Draw text of em size ``px``, vertically centred on ``cy`` (by its ink box)."""
        size = self.p(px)
        f = font(size, bold)
        surf, r = f.render(s, fgcolor=col)
        if max_w is not None and surf.get_width() > self.p(max_w):
            k = self.p(max_w) / surf.get_width()
            size = max(1, int(size * k))
            surf, r = font(size, bold).render(s, fgcolor=col)
        w, h = surf.get_size()
        y = self.p(cy) - h // 2
        if center is not None:
            x = self.p(center) - w // 2
        elif left is not None:
            x = self.p(left)
        else:
            x = self.p(right) - w
        self.surf.blit(surf, (x, y))
        return w / self.ss

    def text_width(self, s: str, px: float, bold=True) -> float:
        return font(self.p(px), bold).get_rect(s).width / self.ss

    def result(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


# --- emblems ---------------------------------------------------------------

def star_points(cx, cy, r_out, r_in=None, n=5, rot=-90.0):
    r_in = r_out * 0.42 if r_in is None else r_in
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_sun(cv: Canvas, cx, cy, r, rays: bool = True):
    """Rising-sun disc: white disc, red rays, red centre, thin dark rim."""
    cv.circle(INK, cx, cy, r + 0.8)
    cv.circle(WHITE, cx, cy, r)
    if rays:
        n = 16
        for i in range(0, n, 2):
            a0 = math.radians(i * 360 / n - 90 + 360 / n / 4)
            a1 = math.radians((i + 1) * 360 / n - 90 + 360 / n / 4)
            cv.polygon(SUN_RED, [(cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                                 (cx + r * math.cos(a1), cy + r * math.sin(a1))])
    cv.circle(SUN_RED, cx, cy, r * 0.48)


def draw_star(cv: Canvas, cx, cy, r, fill=STAR_GOLD, outline=INK):
    cv.polygon(outline, star_points(cx, cy, r + 1.3, (r + 1.3) * 0.42))
    cv.polygon(fill, star_points(cx, cy, r, r * 0.42))


def draw_emblem(cv: Canvas, emblem: str, cx, cy, r):
    if emblem == "sun":
        draw_sun(cv, cx, cy, r)
    elif emblem == "star":
        draw_star(cv, cx, cy, r)
    elif emblem == "magen_david":
        draw_magen_david(cv, cx, cy, r)
    elif emblem == "egypt":
        draw_egypt_roundel(cv, cx, cy, r)
    elif emblem == "qing":
        draw_qing_pennant(cv, cx, cy, r)


QING_YELLOW = (246, 204, 58)
QING_BLUE = (30, 64, 150)


def draw_qing_pennant(cv: Canvas, cx, cy, r):
    """The Qing: a yellow triangular pennant on a dark staff, a blue dragon stroke and a red pearl."""
    x0, y0 = cx - r, cy - r
    cv.fill_rect(INK, x0, y0 - 0.5, 0.28 * r, 2.1 * r)
    tri = [(x0 + 0.28 * r, y0), (x0 + 2.05 * r, y0 + 0.72 * r), (x0 + 0.28 * r, y0 + 1.45 * r)]
    cv.polygon(INK, [(x + 0.5, y + 0.5) for x, y in tri])
    cv.polygon(QING_YELLOW, tri)
    arc_line(cv, QING_BLUE, x0 + 0.85 * r, y0 + 0.72 * r, 0.42 * r, 0.3 * r, 200, 520, 0.22 * r, steps=14)
    cv.circle(SUN_RED, x0 + 1.45 * r, y0 + 0.62 * r, 0.16 * r)


def regular_points(cx, cy, r, n, rot=-90.0):
    return [(cx + r * math.cos(math.radians(rot + i * 360.0 / n)),
             cy + r * math.sin(math.radians(rot + i * 360.0 / n))) for i in range(n)]


def outline_regular(cv: Canvas, col, cx, cy, r, n, width, rot=-90.0):
    """The outline of a regular n-gon (circumradius r, stroke ``width`` inwards),
    drawn on its own layer so it can cross other strokes cleanly."""
    layer = pygame.Surface(cv.surf.get_size(), pygame.SRCALPHA)
    inner = r - width / math.cos(math.pi / n)
    pygame.draw.polygon(layer, col, [cv.pt(q) for q in regular_points(cx, cy, r, n, rot)])
    pygame.draw.polygon(layer, (0, 0, 0, 0), [cv.pt(q) for q in regular_points(cx, cy, inner, n, rot)])
    cv.surf.blit(layer, (0, 0))


ISR_BLUE = (16, 56, 168)
EGY_RED = (206, 32, 40)


def draw_magen_david(cv: Canvas, cx, cy, r, col=ISR_BLUE, bg=WHITE):
    """Israel: a blue Star of David outline on a white disc."""
    cv.circle(INK, cx, cy, r + 0.8)
    cv.circle(bg, cx, cy, r)
    for rot in (-90.0, 90.0):
        outline_regular(cv, col, cx, cy + 0.0, r * 0.9, 3, r * 0.17, rot)


def draw_egypt_roundel(cv: Canvas, cx, cy, r):
    """Egypt: a red-white-black roundel with a small gold eagle chevron in the centre."""
    cv.circle(INK, cx, cy, r + 0.8)
    cv.circle(EGY_RED, cx, cy, r)
    cv.circle(WHITE, cx, cy, r * 0.66)
    cv.circle(INK, cx, cy, r * 0.4)
    w, t = r * 0.3, r * 0.13
    cv.polygon(STAR_GOLD, [(cx - w, cy - t * 1.4), (cx, cy + t * 0.6), (cx + w, cy - t * 1.4),
                           (cx + w, cy), (cx, cy + t * 2), (cx - w, cy)])


# --- NATO symbols ----------------------------------------------------------

def draw_nato(cv: Canvas, kind: str, x, y, w, h, line: float = 2.0, fill=WHITE, ink=INK):
    """A NATO unit symbol in the box (x, y, w, h)."""
    cv.fill_rect(ink, x - line / 2, y - line / 2, w + line, h + line)
    cv.fill_rect(fill, x + line / 2, y + line / 2, w - line, h - line)
    l = line * 0.9
    if kind in ("infantry", "motorized", "mechanized"):
        cv.line(ink, (x, y), (x + w, y + h), l)
        cv.line(ink, (x, y + h), (x + w, y), l)
    if kind in ("armor", "armored_car", "mechanized"):
        ex, ey = w * 0.18, h * 0.22
        cv.ellipse(ink, x + ex, y + ey, w - 2 * ex, h - 2 * ey, l)
    if kind in ("cavalry", "armored_car"):
        cv.line(ink, (x, y + h), (x + w, y), l)
    if kind == "artillery":
        cv.circle(ink, x + w / 2, y + h / 2, h * 0.2)
    if kind in ("engineer", "bridging"):
        # engineer: a bar with three legs; bridging adds the span below it
        yb = y + h * (0.3 if kind == "bridging" else 0.36)
        yl = y + h * (0.56 if kind == "bridging" else 0.66)
        cv.line(ink, (x + w * 0.24, yb), (x + w * 0.76, yb), l)
        for fx in (0.24, 0.5, 0.76):
            cv.line(ink, (x + w * fx, yb - l / 2), (x + w * fx, yl), l)
        if kind == "bridging":
            # a bridge seen from the side: two bracket ends and the deck
            yd = y + h * 0.78
            cv.line(ink, (x + w * 0.2, yd), (x + w * 0.8, yd), l * 0.8)
            for sx in (-1, 1):
                xe = x + w * (0.5 + sx * 0.3)
                cv.line(ink, (xe, yd), (xe + sx * w * 0.08, yd - h * 0.1), l * 0.8)
                cv.line(ink, (xe, yd), (xe + sx * w * 0.08, yd + h * 0.1), l * 0.8)
    if kind == "motorized":
        # old-style "motorised": wheels under the frame
        r = h * 0.13
        for fx in (0.3, 0.7):
            cv.circle(ink, x + w * fx, y + h + r + line * 0.6, r + line * 0.45)
            cv.circle(fill, x + w * fx, y + h + r + line * 0.6, r - line * 0.2)


def arc_line(cv: Canvas, col, cx, cy, rx, ry, a0, a1, width, steps: int = 24):
    """A thick elliptical arc from angle a0 to a1 (degrees, y down), as quads."""
    pts = [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]
    for a, b in zip(pts, pts[1:]):
        cv.line(col, a, b, width)
    for q in pts[1:-1]:
        cv.circle(col, q[0], q[1], width / 2)


def draw_para(cv: Canvas, x, y, w, h, line: float = 2.0, ink=INK):
    """NATO airborne modifier: a canopy arc across the bottom of the box (x, y, w, h)."""
    arc_line(cv, ink, x + w / 2, y + h - line * 0.5, w * 0.2, h * 0.3, 180, 360, line * 0.9)


# --- vehicle silhouettes -----------------------------------------------------

def draw_tank(cv: Canvas, x, y, w, h, col=INK, hi=None, facing: int = 1):
    """Side view of a 1930s light tank in the box (x, y, w, h), facing right."""
    def P(u, v):  # u, v in 0..60 x 0..30 design units
        if facing < 0:
            u = 60 - u
        return (x + u / 60 * w, y + v / 30 * h)

    hi = hi or shade(col, 1.6)
    # track run: a stadium
    tr = [P(4, 19), P(54, 19), P(58, 22), P(58, 26), P(54, 30), P(8, 30), P(2, 26), P(2, 22)]
    cv.polygon(col, tr)
    # road wheels
    for u in (9, 17, 25, 33, 41, 49):
        c = P(u, 25.5)
        cv.circle(hi, c[0], c[1], w / 60 * 3.2)
        cv.circle(col, c[0], c[1], w / 60 * 1.4)
    # hull with sloped glacis and engine deck
    cv.polygon(col, [P(1, 20), P(5, 12.5), P(44, 12), P(52, 14.5), P(59, 20)])
    # turret
    cv.polygon(col, [P(17, 13), P(19, 6), P(23, 4), P(37, 4), P(40, 7), P(41, 13)])
    # cupola
    cv.polygon(col, [P(24, 4.5), P(25, 1.5), P(31, 1.5), P(32, 4.5)])
    # gun
    cv.polygon(col, [P(39, 7.2), P(60, 7.2), P(60, 9.4), P(39, 9.8)])
    # highlight line on hull top
    cv.line(hi, P(6, 13.8), P(43, 13.4), h / 30 * 0.9)


def draw_armored_car(cv: Canvas, x, y, w, h, col=INK, hi=None, facing: int = 1):
    """Side view of a six-wheeled armoured car (BA-10 type), facing right."""
    def P(u, v):
        if facing < 0:
            u = 60 - u
        return (x + u / 60 * w, y + v / 30 * h)

    hi = hi or shade(col, 1.6)
    cv.polygon(col, [P(2, 22), P(4, 13), P(14, 11), P(46, 11), P(55, 15), P(59, 20), P(58, 23), P(2, 23)])
    cv.polygon(col, [P(22, 11.5), P(24, 5), P(38, 5), P(40, 11.5)])
    cv.polygon(col, [P(38, 7.2), P(58, 7.2), P(58, 9.2), P(38, 9.6)])
    for u in (12, 38, 48):
        c = P(u, 24)
        cv.circle(col, c[0], c[1], w / 60 * 6)
        cv.circle(hi, c[0], c[1], w / 60 * 2.6)
        cv.circle(col, c[0], c[1], w / 60 * 1.1)
    cv.line(hi, P(6, 13.2), P(46, 12.4), h / 30 * 0.9)


SILHOUETTES = {"tank": draw_tank, "armored_car": draw_armored_car}


# --- the counter --------------------------------------------------------------

def _values_text(vals, split: bool = False) -> str:
    a, d = vals
    return str(a) if a == d and not split else f"{a}-{d}"


def render_counter(spec: dict, face: str = "front") -> pygame.Surface:
    """Draw one face ("front" or "back") of a square wargame counter.

    Layout (96 px): 4 px bevelled border with rounded corners; side emblem in
    the top-left corner; unit label at the top centre; NATO symbol box (or a
    vehicle silhouette, with a small NATO box top-right) in the middle; combat
    value(s) big at bottom left ("3-1" = attack-defence, one number when they
    are equal); movement allowance big in a light badge at bottom right. The
    back (reduced) face is paler and carries a striped band under the values
    and a red corner tab.
    """
    size = spec.get("size", 96)
    k = size / 96.0
    base = tuple(spec["side_colour"])
    back = face == "back"
    bg = shade(base, 1.38) if back else base
    border = shade(base, 0.55)
    cv = Canvas(size, size, bg=border)
    R = 7 * k
    # border + bevel
    cv.fill_rect(border, 0, 0, size, size, radius=R)
    cv.fill_rect(shade(bg, 1.25), 3 * k, 3 * k, size - 6 * k, size - 6 * k, radius=R - 2 * k)
    cv.fill_rect(shade(bg, 0.82), 4.5 * k, 4.5 * k, size - 7.5 * k, size - 7.5 * k, radius=R - 3 * k)
    cv.fill_rect(bg, 4.5 * k, 4.5 * k, size - 9 * k, size - 9 * k, radius=R - 3 * k)
    ink = tuple(spec["ink"]) if spec.get("ink") else ink_for(bg)

    if back:
        # a pale striped band behind the values row
        band_y, band_h = 62 * k, 27 * k
        band = pygame.Surface((cv.p(size - 9 * k), cv.p(band_h)), pygame.SRCALPHA)
        band.fill((*shade(bg, 1.5), 255))
        stripe = (*shade(bg, 1.15), 255)
        step = cv.p(7 * k)
        bw, bh = band.get_size()
        for i in range(-bh, bw + bh, step):
            pygame.draw.polygon(band, stripe, [(i, bh), (i + bh, 0), (i + bh + step // 2, 0), (i + step // 2, bh)])
        cv.surf.blit(band, (cv.p(4.5 * k), cv.p(band_y)))
        cv.fill_rect(shade(bg, 0.7), 4.5 * k, band_y, size - 9 * k, 1.2 * k)
        cv.fill_rect(shade(bg, 0.7), 4.5 * k, band_y + band_h - 1.2 * k, size - 9 * k, 1.2 * k)
        # red "flipped" corner tab, top right
        cv.polygon(SUN_RED, [(size - 19 * k, 4.5 * k), (size - 4.5 * k - 3 * k, 4.5 * k),
                             (size - 4.5 * k, 4.5 * k + 3 * k), (size - 4.5 * k, 19 * k)])

    # side emblem
    draw_emblem(cv, spec.get("emblem", "none"), 15 * k, 15 * k, 8.5 * k)
    # label
    label = spec.get("label", "")
    nato = spec.get("nato", "")
    sil = spec.get("silhouette", "")
    if label:
        if sil and nato:  # the small NATO box sits top right: keep the label left of it
            cv.text(label, 17 * k, ink, center=44 * k, cy=15 * k, max_w=32 * k)
        elif "label_w" in spec:
            lw, lx = spec["label_w"] * k, (size - 4.5 * k + 25 * k) / 2
            words = label.split(" ", 1)
            if len(words) == 2 and cv.text_width(label, 17 * k) > lw * 17 / 13:
                # too long for one line at a readable size: two lines
                cv.text(words[0], 14 * k, ink, center=lx, cy=11 * k, max_w=lw)
                cv.text(words[1], 11 * k, ink, center=lx, cy=22.5 * k, max_w=lw)
            else:
                cv.text(label, 17 * k, ink, center=lx, cy=15 * k, max_w=lw)
        else:
            cv.text(label, 17 * k, ink, center=size / 2 + 4 * k, cy=15 * k, max_w=48 * k)

    if sil:
        col = INK if luminance(bg) > 90 else shade(bg, 0.35)
        SILHOUETTES[sil](cv, 13 * k, 29 * k, 70 * k, 31 * k, col=col, hi=shade(bg, 1.2) if back else mix(col, bg, 0.55))
        if nato:
            draw_nato(cv, nato, 63 * k, 10 * k, 15 * k, 10 * k, line=1.3 * k)
    elif nato:
        draw_nato(cv, nato, 28 * k, 28 * k, 40 * k, 26 * k, line=2.4 * k)
        if spec.get("para"):
            draw_para(cv, 28 * k, 28 * k, 40 * k, 26 * k, line=2.4 * k)

    # values
    if spec.get("value_text") is not None:
        txt = spec["value_text"]
    else:
        vals = spec["values"]["back" if back else "front"]
        txt = _values_text(vals, spec.get("split_values", False))
    note = spec.get("note")
    vx = 29 * k if note else 34 * k
    vw = cv.text(txt, 34 * k, ink, center=vx, cy=76 * k, max_w=46 * k)
    if note:
        cv.text(note, 11 * k, ink, left=vx + vw / 2 + 2 * k, cy=84 * k)
    # MA badge
    ma = spec.get("ma")
    if ma is not None:
        bx, by, bw, bh = 67 * k, 63 * k, 23 * k, 26 * k
        cv.fill_rect(shade(bg, 0.5), bx - 1.2 * k, by - 1.2 * k, bw + 2.4 * k, bh + 2.4 * k, radius=6 * k)
        cv.fill_rect(PAPER, bx, by, bw, bh, radius=5 * k)
        cv.text(str(ma), 27 * k, INK, center=bx + bw / 2, cy=by + bh / 2, max_w=bw - 2 * k)
    return cv.result()


# --- dice --------------------------------------------------------------------

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def glow(cv: Canvas, x, y, w, h, radius, colours, spread: float):
    """Soft glow around a rounded box: stacked translucent rounded rects."""
    steps = 10
    for i in range(steps, 0, -1):
        t = i / steps
        g = spread * t
        col = mix(colours[0], colours[1], t)
        a = clamp(200 * (1 - t) ** 1.6 + 25)
        layer = pygame.Surface(cv.surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(layer, (*col, a), cv.rect(x - g, y - g, w + 2 * g, h + 2 * g),
                         border_radius=cv.p(radius + g))
        cv.surf.blit(layer, (0, 0))


def render_die(n: int, hit: bool = False, size: int = 64) -> pygame.Surface:
    """A white die face; the 1 pip is big and red (Japanese style). ``hit``
    adds an orange-red glow around it and red pips. The die sits in the same
    place in both variants so the client can swap them without a jump."""
    k = size / 64
    cv = Canvas(size, size, bg=(255, 120, 40) if hit else (40, 40, 40))
    m = 7 * k
    x = y = m
    w = h = size - 2 * m
    if hit:
        glow(cv, x, y, w, h, 9 * k, ((255, 220, 80), (230, 40, 20)), 6.5 * k)
    else:
        cv.fill_rect((0, 0, 0, 70), x + 1.5 * k, y + 2.5 * k, w, h, radius=9 * k)
    cv.fill_rect((70, 64, 58), x, y, w, h, radius=9 * k)
    cv.fill_rect((255, 255, 255), x + 1.5 * k, y + 1.5 * k, w - 3 * k, h - 3 * k, radius=8 * k)
    cv.fill_rect((226, 222, 214), x + 3 * k, y + h - 7 * k, w - 6 * k, 4 * k, radius=2 * k)
    cv.fill_rect((255, 255, 255), x + 3 * k, y + 3 * k, w - 6 * k, h - 8 * k, radius=6 * k)
    pip = (200, 24, 32) if hit else INK
    for fx, fy in PIPS[n]:
        cx, cy = x + w * fx, y + h * fy
        if n == 1:
            cv.circle((150, 10, 20), cx, cy, 10.5 * k)
            cv.circle((214, 28, 36), cx, cy, 9.5 * k)
        else:
            cv.circle(pip, cx, cy, 5 * k)
    return cv.result()


# --- markers -------------------------------------------------------------------

def render_turn_marker(side_colour, emblem: str, size: int = 96, text: str = "ターン",
                       sub: str = "TURN") -> pygame.Surface:
    """One face of the turn / initiative marker: big emblem, ターン, TURN."""
    k = size / 96
    base = tuple(side_colour)
    border = shade(base, 0.5)
    cv = Canvas(size, size, bg=border)
    R = 7 * k
    cv.fill_rect(border, 0, 0, size, size, radius=R)
    cv.fill_rect(shade(base, 1.25), 3 * k, 3 * k, size - 6 * k, size - 6 * k, radius=R - 2 * k)
    cv.fill_rect(shade(base, 0.82), 4.5 * k, 4.5 * k, size - 7.5 * k, size - 7.5 * k, radius=R - 3 * k)
    cv.fill_rect(base, 4.5 * k, 4.5 * k, size - 9 * k, size - 9 * k, radius=R - 3 * k)
    # inner frame
    ink = ink_for(base)
    cv.fill_rect(ink, 9 * k, 9 * k, size - 18 * k, size - 18 * k, radius=4 * k, width=1.6 * k)
    if emblem == "sun":
        draw_sun(cv, size / 2, 36 * k, 20 * k)
    elif emblem == "star":
        draw_star(cv, size / 2, 37 * k, 22 * k)
    cv.text(text, 21 * k, ink, center=size / 2, cy=69 * k, max_w=70 * k)
    cv.text(sub, 9.5 * k, ink, center=size / 2, cy=82.5 * k)
    return cv.result()


def render_bridge_blown(size: int = 64) -> pygame.Surface:
    """Marker for a blown bridge: a broken span falling into water, a burst, 爆破."""
    k = size / 64
    base = (120, 124, 128)
    border = shade(base, 0.5)
    cv = Canvas(size, size, bg=border)
    cv.fill_rect(border, 0, 0, size, size, radius=6 * k)
    cv.fill_rect((236, 232, 220), 3 * k, 3 * k, size - 6 * k, size - 6 * k, radius=4 * k)
    cv.fill_rect(INK, 3 * k, 17 * k, size - 6 * k, 1.2 * k)
    cv.text("爆破", 12 * k, INK, center=size / 2, cy=10 * k)
    # water
    cv.fill_rect((60, 120, 196), 3.5 * k, 44 * k, size - 7 * k, 16 * k, radius=3 * k)
    cv.fill_rect((60, 120, 196), 3.5 * k, 44 * k, size - 7 * k, 8 * k)
    for i in range(3):
        yy = 48 * k + i * 4 * k
        for j in range(4):
            xx = 7 * k + j * 14 * k + (i % 2) * 6 * k
            cv.line((170, 205, 240), (xx, yy), (xx + 6 * k, yy), 1.2 * k)
    wood = (128, 84, 44)
    dark = (72, 44, 20)
    # piers
    for px_ in (9, 52):
        cv.fill_rect(dark, px_ * k, 36 * k, 3.5 * k, 14 * k)
    # the two halves of the span, broken and sagging into the gap
    cv.polygon(wood, [(4 * k, 33 * k), (20 * k, 33 * k), (28 * k, 45 * k), (24 * k, 47 * k), (17 * k, 38 * k), (4 * k, 38 * k)])
    cv.polygon(wood, [(60 * k, 33 * k), (44 * k, 33 * k), (36 * k, 45 * k), (40 * k, 47 * k), (47 * k, 38 * k), (60 * k, 38 * k)])
    cv.line(dark, (4 * k, 33 * k), (20 * k, 33 * k), 1.2 * k)
    cv.line(dark, (44 * k, 33 * k), (60 * k, 33 * k), 1.2 * k)
    # burst
    cv.polygon((220, 50, 20), star_points(32 * k, 31 * k, 13.5 * k, 6.5 * k, n=9, rot=-80))
    cv.polygon((255, 196, 40), star_points(32 * k, 31 * k, 8.5 * k, 4 * k, n=9, rot=-60))
    cv.circle((255, 250, 220), 32 * k, 31 * k, 2.8 * k)
    return cv.result()


def render_icon(size: int = 64) -> pygame.Surface:
    """App icon: a sand hex with a tank and a red sun over a dark field."""
    k = size / 64
    cv = Canvas(size, size, bg=(28, 36, 52))
    cv.fill_rect((28, 36, 52), 0, 0, size, size, radius=12 * k)
    cv.fill_rect((44, 56, 80), 2 * k, 2 * k, size - 4 * k, size - 4 * k, radius=10 * k)
    c = size / 2
    r = 27 * k
    hexpts = [(c + r * math.cos(math.radians(a)), c + 1 * k + r * math.sin(math.radians(a)))
              for a in range(-90, 270, 60)]
    cv.polygon((120, 96, 50), [(x, y + 1.5 * k) for x, y in hexpts])
    cv.polygon((226, 196, 120), hexpts)
    cv.circle(SUN_RED, 42 * k, 20 * k, 7 * k)
    draw_tank(cv, 11 * k, 25 * k, 42 * k, 21 * k, col=INK, hi=(120, 110, 90))
    return cv.result()


def contact_sheet(items: list[tuple[str, pygame.Surface]], cols: int = 8, cell: int = 120,
                  scale: int = 1, bg=(60, 80, 60)) -> pygame.Surface:
    """Lay images out in a grid with their names, for eyeballing."""
    init()
    rows = (len(items) + cols - 1) // cols
    cw = cell * scale
    sheet = pygame.Surface((cols * cw, rows * (cw + 16)))
    sheet.fill(bg)
    f = font(11, False)
    for i, (name, img) in enumerate(items):
        x, y = (i % cols) * cw, (i // cols) * (cw + 16)
        if scale != 1:
            img = pygame.transform.scale_by(img, scale)
        sheet.blit(img, (x + (cw - img.get_width()) // 2, y + (cw - img.get_height()) // 2))
        f.render_to(sheet, (x + 3, y + cw + 2), name[:20], fgcolor=(240, 240, 240))
    return sheet


# --- text helpers (used by the Across Suez and Yoshitsune art) ----------------------

def missing_glyphs(s: str, bold: bool = True) -> str:
    """The characters of ``s`` our font cannot draw (spaces excepted)."""
    init()
    m = font(16, bold).get_metrics(s)
    return "".join(c for c, g in zip(s, m) if g is None and not c.isspace())


def wrap_lines(cv: Canvas, text: str, px: float, max_w: float, bold: bool = False) -> list[str]:
    """Greedy word wrap; a word wider than the line (e.g. kanji runs) breaks by character."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        cand = f"{cur} {word}" if cur else word
        if cv.text_width(cand, px, bold) <= max_w:
            cur = cand
            continue
        if cur:
            lines.append(cur)
            cur = ""
        while cv.text_width(word, px, bold) > max_w:
            i = len(word)
            while i > 1 and cv.text_width(word[:i], px, bold) > max_w:
                i -= 1
            lines.append(word[:i])
            word = word[i:]
        cur = word
    if cur:
        lines.append(cur)
    return lines


def framed_tile(cv: Canvas, base, size_w, size_h, radius, k):
    """Border, bevel and face of a square counter/marker; returns the face colour."""
    border = shade(base, 0.5)
    cv.fill_rect(border, 0, 0, size_w, size_h, radius=radius)
    cv.fill_rect(shade(base, 1.25), 2.5 * k, 2.5 * k, size_w - 5 * k, size_h - 5 * k, radius=radius - 2 * k)
    cv.fill_rect(shade(base, 0.82), 4 * k, 4 * k, size_w - 6.5 * k, size_h - 6.5 * k, radius=radius - 3 * k)
    cv.fill_rect(base, 4 * k, 4 * k, size_w - 8 * k, size_h - 8 * k, radius=radius - 3 * k)
    return base


# --- Across Suez markers ---------------------------------------------------------------

def render_suez_marker(kind: str, side_colour, size: int = 64) -> pygame.Surface:
    """64-px Across Suez markers: crossed_box, night_turn, artillery, bombardment."""
    k = size / 64
    base = {"night_turn": (26, 34, 74)}.get(kind, tuple(side_colour))
    cv = Canvas(size, size, bg=shade(base, 0.5))
    framed_tile(cv, base, size, size, 7 * k, k)
    ink = ink_for(base)
    c = size / 2
    if kind == "crossed_box":
        # the canal, and a bold arrow crossing it westwards
        cv.fill_rect((40, 100, 190), 24 * k, 13 * k, 16 * k, 30 * k)
        for i in range(4):
            yy = 17 * k + i * 7 * k
            arc_line(cv, (170, 210, 250), 28.5 * k, yy, 3 * k, 2 * k, 180, 360, 1.2 * k, steps=8)
            arc_line(cv, (170, 210, 250), 35.5 * k, yy + 3 * k, 3 * k, 2 * k, 180, 360, 1.2 * k, steps=8)
        arrow = [(8 * k, 28 * k), (22 * k, 17 * k), (22 * k, 23.5 * k), (56 * k, 23.5 * k),
                 (56 * k, 32.5 * k), (22 * k, 32.5 * k), (22 * k, 39 * k)]
        cv.polygon(INK, [(x + 0.9 * k, y + 0.9 * k) for x, y in arrow])
        cv.polygon(WHITE, arrow)
        cv.text("CROSSED", 12 * k, ink, center=c, cy=51 * k, max_w=52 * k)
        cv.text("ACROSS SUEZ", 7 * k, ink, center=c, cy=8.5 * k, max_w=50 * k)
    elif kind == "night_turn":
        moon = (255, 228, 120)
        cv.circle(moon, 30 * k, 27 * k, 15 * k)
        cv.circle(base, 37 * k, 22 * k, 13.5 * k)
        for sx, sy, sr in ((46, 14, 3.6), (51, 33, 2.6), (15, 12, 2.4)):
            cv.polygon(WHITE, star_points(sx * k, sy * k, sr * k, sr * 0.42 * k))
        cv.text("NIGHT", 13 * k, WHITE, center=c, cy=50 * k)
        cv.text("MA −2", 8 * k, (200, 206, 230), center=c, cy=58.5 * k)
    elif kind == "artillery":
        draw_magen_david(cv, 13 * k, 13 * k, 7 * k)
        # a field gun: wheel, trail and a long barrel, over the NATO artillery box
        draw_nato(cv, "artillery", 25 * k, 8 * k, 28 * k, 17 * k, line=1.8 * k)
        cv.line(INK, (10 * k, 44 * k), (52 * k, 31 * k), 3.4 * k)
        cv.polygon(INK, [(14 * k, 47 * k), (28 * k, 38 * k), (34 * k, 44 * k), (18 * k, 50 * k)])
        cv.circle(INK, 27 * k, 44 * k, 7.5 * k)
        cv.circle(shade(base, 1.5), 27 * k, 44 * k, 4.5 * k)
        cv.circle(INK, 27 * k, 44 * k, 1.6 * k)
        cv.text("ARTY +1", 10 * k, ink, center=c, cy=57.5 * k, max_w=52 * k)
    elif kind == "bombardment":
        draw_egypt_roundel(cv, 13 * k, 13 * k, 7 * k)
        cv.polygon((200, 40, 20), star_points(34 * k, 31 * k, 17 * k, 8 * k, n=10, rot=-72))
        cv.polygon((255, 200, 40), star_points(34 * k, 31 * k, 10.5 * k, 5 * k, n=10, rot=-54))
        cv.circle((255, 250, 220), 34 * k, 31 * k, 3.5 * k)
        for x0 in (46, 53):  # falling shells
            cv.line(INK, (x0 * k, 6 * k), ((x0 - 4) * k, 16 * k), 1.4 * k)
            cv.ellipse(INK, (x0 - 6.2) * k, 15 * k, 4.4 * k, 6.5 * k)
        cv.text("BOMBARD", 11 * k, ink, center=c, cy=55.5 * k, max_w=54 * k)
    return cv.result()


# --- Yoshitsune: clan mon ---------------------------------------------------------------

def leaf_points(x0, y0, ang, length, width, n: int = 14, tip: float = 0.35):
    """A pointed leaf from (x0, y0) along ``ang`` (degrees, y down)."""
    a = math.radians(ang)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        hw = width / 2 * math.sin(math.pi * t) ** 0.85 * (1 - tip * t)
        cx, cy = x0 + ux * length * t, y0 + uy * length * t
        left.append((cx + px * hw, cy + py * hw))
        right.append((cx - px * hw, cy - py * hw))
    return left + right[::-1]


def _local(cx, cy, ang, scale):
    a = math.radians(ang)
    ux, uy = math.cos(a), math.sin(a)
    return lambda u, v: (cx + (ux * u - uy * v) * scale, cy + (uy * u + ux * v) * scale)


def draw_mon(cv: Canvas, mon: str, cx, cy, r, col, bg):
    """A clan badge in the manner of a mon, ``r`` = its radius; drawn in ``col`` on ``bg``.
    Our own simple drawings, not copies of any crest."""
    if mon == "rindo":  # genji: a gentian flower seen from the front, five pointed petals
        for i in range(5):
            ang = -90 + i * 72
            cv.polygon(col, leaf_points(cx, cy, ang, 0.98 * r, 0.62 * r, tip=0.1))
        cv.circle(bg, cx, cy, 0.26 * r)
        cv.circle(col, cx, cy, 0.13 * r)
        for i in range(5):
            a = math.radians(-90 + i * 72)
            cv.line(bg, (cx + 0.3 * r * math.cos(a), cy + 0.3 * r * math.sin(a)),
                    (cx + 0.62 * r * math.cos(a), cy + 0.62 * r * math.sin(a)), 0.07 * r)
    elif mon == "butterfly":  # heike: a swallowtail
        for s in (-1, 1):
            cv.polygon(col, [(cx + s * 0.08 * r, cy - 0.05 * r), (cx + s * 0.55 * r, cy - 0.85 * r),
                             (cx + s * 0.95 * r, cy - 0.55 * r), (cx + s * 0.85 * r, cy - 0.15 * r),
                             (cx + s * 0.1 * r, cy + 0.05 * r)])
            cv.polygon(col, [(cx + s * 0.08 * r, cy + 0.1 * r), (cx + s * 0.7 * r, cy + 0.15 * r),
                             (cx + s * 0.62 * r, cy + 0.5 * r), (cx + s * 0.42 * r, cy + 0.95 * r),
                             (cx + s * 0.3 * r, cy + 0.6 * r), (cx + s * 0.08 * r, cy + 0.45 * r)])
            cv.line(col, (cx, cy - 0.45 * r), (cx + s * 0.35 * r, cy - 0.95 * r), 0.07 * r)
            cv.circle(col, cx + s * 0.35 * r, cy - 0.95 * r, 0.09 * r)
            cv.circle(bg, cx + s * 0.55 * r, cy - 0.45 * r, 0.12 * r)
        cv.ellipse(col, cx - 0.11 * r, cy - 0.5 * r, 0.22 * r, 1.15 * r)
    elif mon == "mountains":  # kiso: three peaks in a ring
        cv.circle(col, cx, cy, r, width=0.13 * r)
        cv.polygon(col, [(cx - 0.72 * r, cy + 0.42 * r), (cx - 0.36 * r, cy - 0.2 * r), (cx - 0.14 * r, cy + 0.12 * r),
                         (cx, cy - 0.55 * r), (cx + 0.14 * r, cy + 0.12 * r), (cx + 0.36 * r, cy - 0.2 * r),
                         (cx + 0.72 * r, cy + 0.42 * r)])
        cv.polygon(bg, [(cx - 0.08 * r, cy - 0.2 * r), (cx, cy - 0.38 * r), (cx + 0.08 * r, cy - 0.2 * r)])
    elif mon == "wisteria":  # fujiwara: two wisteria sprays hanging from an arched branch
        arc_line(cv, col, cx, cy - 0.3 * r, 0.8 * r, 0.55 * r, 200, 340, 0.15 * r, steps=12)
        for sx in (-1, 1):
            x0, y0 = cx + sx * 0.45 * r, cy - 0.62 * r
            cv.polygon(col, leaf_points(x0, y0, 90 - sx * 8, 1.55 * r, 0.78 * r, tip=0.45))
            for t in (0.3, 0.55, 0.8):
                yy = y0 + 1.5 * r * t
                hw = 0.34 * r * (1 - 0.6 * t)
                xm = x0 - sx * 1.5 * r * t * math.sin(math.radians(8))
                cv.line(bg, (xm - hw, yy), (xm + hw, yy - 0.08 * r), 0.07 * r)
    elif mon == "feathers":  # ogata: two crossed hawk feathers in a ring
        cv.circle(col, cx, cy, r, width=0.12 * r)
        for ang in (-60, -120):
            L = _local(cx, cy, ang, r)
            x0, y0 = L(-0.78, 0)
            cv.polygon(col, leaf_points(x0, y0, ang, 1.56 * r, 0.5 * r, tip=0.2))
            cv.line(bg, L(-0.5, 0), L(0.62, 0), 0.06 * r)
            for u in (-0.1, 0.3):
                cv.polygon(bg, [L(u, 0.22), L(u + 0.12, 0.1), L(u + 0.12, 0.24)])
    elif mon == "tray_three":  # kono: a cut-corner tray with the numeral three
        c = 0.32
        pts = [(-1 + c, -1), (1 - c, -1), (1, -1 + c), (1, 1 - c), (1 - c, 1), (-1 + c, 1), (-1, 1 - c), (-1, -1 + c)]
        cv.polygon(col, [(cx + x * 0.88 * r, cy + y * 0.88 * r) for x, y in pts])
        cv.polygon(bg, [(cx + x * 0.7 * r, cy + y * 0.7 * r) for x, y in pts])
        for yy, w in ((-0.36, 0.3), (-0.02, 0.24), (0.36, 0.46)):
            cv.fill_rect(col, cx - w * r, cy + (yy - 0.07) * r, 2 * w * r, 0.14 * r, radius=0.05 * r)
    elif mon == "wheel":  # sohei: a dharma wheel
        cv.circle(col, cx, cy, 0.72 * r, width=0.15 * r)
        cv.circle(col, cx, cy, 0.2 * r)
        for i in range(8):
            a = math.radians(i * 45 + 22.5)
            ca, sa = math.cos(a), math.sin(a)
            cv.line(col, (cx + 0.15 * r * ca, cy + 0.15 * r * sa), (cx + 0.66 * r * ca, cy + 0.66 * r * sa), 0.09 * r)
            cv.circle(col, cx + 0.9 * r * ca, cy + 0.9 * r * sa, 0.12 * r)


# --- Yoshitsune: pieces ------------------------------------------------------------------

VERMILION = (200, 48, 30)


def render_general(name: str, clan_name: str, colour, mon: str, valour: int, command: int,
                   size: int = 96) -> pygame.Surface:
    """A general's block: clan colour, mon top-left, clan name top-right, the
    kanji name large, valour (武勇, red disc) and command (統率, square) below."""
    k = size / 96
    base = tuple(colour)
    cv = Canvas(size, size, bg=shade(base, 0.5))
    framed_tile(cv, base, size, size, 14 * k, k)
    ink = ink_for(base)
    draw_mon(cv, mon, 19 * k, 19 * k, 12 * k, ink, base)
    cv.text(clan_name, 14 * k, ink, right=87 * k, cy=18 * k)
    cv.text(name, 28 * k, ink, center=size / 2, cy=46.5 * k, max_w=84 * k)
    # valour: a red disc; command: a light square
    cv.circle(INK, 28 * k, 75 * k, 14.2 * k)
    cv.circle(VERMILION, 28 * k, 75 * k, 13 * k)
    cv.text(str(valour), 23 * k, WHITE, center=28 * k, cy=75 * k)
    cv.fill_rect(INK, 55 * k - 1.2 * k, 61.5 * k - 1.2 * k, 27 * k + 2.4 * k, 27 * k + 2.4 * k, radius=5 * k)
    cv.fill_rect(PAPER, 55 * k, 61.5 * k, 27 * k, 27 * k, radius=4 * k)
    cv.text(str(command), 23 * k, INK, center=68.5 * k, cy=75 * k)
    return cv.result()


def render_retainer(colour, mon: str, valour: int | None = None, size: int = 48) -> pygame.Surface:
    """A retainer (郎党) block: clan colour and its mon, big. ``valour`` (warrior
    monks) adds a small red value disc bottom right."""
    k = size / 48
    base = tuple(colour)
    cv = Canvas(size, size, bg=shade(base, 0.5))
    framed_tile(cv, base, size, size, 8 * k, k)
    ink = ink_for(base)
    if valour is None:
        draw_mon(cv, mon, 24 * k, 24 * k, 15 * k, ink, base)
    else:
        draw_mon(cv, mon, 21 * k, 21 * k, 13 * k, ink, base)
        cv.circle(INK, 36 * k, 36 * k, 8.6 * k)
        cv.circle(VERMILION, 36 * k, 36 * k, 7.6 * k)
        cv.text(str(valour), 12 * k, WHITE, center=36 * k, cy=36 * k)
    return cv.result()


def render_piece(colour, ink, glyph: str, corner: str, size: int = 64, train: bool = False) -> pygame.Surface:
    """A 中原大戰 piece: the commander's colour, the piece's glyph (步 騎 甲) big and
    the commander's character (蔣 何 閻 李 馮, 中 for grey) small in the corner; an
    armoured train has rails drawn under its glyph."""
    k = size / 64
    base = tuple(colour)
    cv = Canvas(size, size, bg=shade(base, 0.5))
    framed_tile(cv, base, size, size, 10 * k, k)
    ink = tuple(ink)
    if train:
        cv.fill_rect(ink, 10 * k, 50 * k, 44 * k, 3 * k)
        for x in range(13, 54, 8):
            cv.fill_rect(ink, x * k, 47 * k, 3 * k, 9 * k)
    cv.text(glyph, 34 * k, ink, center=29 * k, cy=30 * k if train else 33 * k)
    cv.circle(shade(base, 0.62), 50 * k, 14 * k, 10 * k)
    cv.text(corner, 13 * k, WHITE if luminance(shade(base, 0.62)) < 140 else INK, center=50 * k, cy=14 * k)
    return cv.result()


def render_yoshi_marker(kind: str, size: int = 64) -> pygame.Surface:
    """Yoshitsune markers: okubyo (臆病者), kajiwara (梶原), go_shirakawa (後白河), turn."""
    k = size / 64
    base = {"okubyo": (246, 208, 72), "kajiwara": (58, 64, 74), "go_shirakawa": (92, 52, 120),
            "turn": (236, 232, 220)}[kind]
    cv = Canvas(size, size, bg=shade(base, 0.5))
    framed_tile(cv, base, size, size, 8 * k, k)
    ink = ink_for(base)
    c = size / 2
    if kind == "okubyo":
        for bx, by, bs in ((20, 12, 1.0), (32, 9, 1.2), (44, 13, 0.9)):  # startled waterbirds
            L = lambda u, v: ((bx + u * bs) * k, (by + v * bs) * k)
            cv.polygon(INK, [L(-6, -1.5), L(-2.5, -0.5), L(0, 2), L(2.5, -0.5), L(6, -1.5), L(2.5, 1.5), L(0, 4), L(-2.5, 1.5)])
        cv.text("臆病者", 18 * k, INK, center=c, cy=34 * k, max_w=54 * k)
        cv.text("COWARD", 9 * k, INK, center=c, cy=51 * k)
    elif kind == "kajiwara":
        gold = (236, 200, 96)
        cv.fill_rect(gold, 8 * k, 8 * k, size - 16 * k, size - 16 * k, radius=4 * k, width=1.4 * k)
        cv.text("梶原", 22 * k, WHITE, center=c, cy=27 * k, max_w=46 * k)
        cv.text("統率+1", 10 * k, gold, center=c, cy=45 * k, max_w=44 * k)
    elif kind == "go_shirakawa":
        gold = (240, 206, 100)
        cv.circle(gold, c, 21 * k, 11 * k, width=1.4 * k)
        for i in range(12):
            a = i * 30
            cv.polygon(gold, leaf_points(c, 21 * k, a, 9.5 * k, 4.2 * k, n=8))
        cv.circle(base, c, 21 * k, 2.6 * k)
        cv.text("後白河", 15 * k, WHITE, center=c, cy=44 * k, max_w=50 * k)
        cv.text("法皇", 8.5 * k, gold, center=c, cy=55 * k)
    elif kind == "turn":
        cv.text("ターン", 15 * k, INK, center=c, cy=27 * k, max_w=50 * k)
        cv.text("TURN", 9 * k, INK, center=c, cy=44 * k)
    return cv.result()


# --- Yoshitsune: cards -----------------------------------------------------------------------

CARD_PAPER = (246, 240, 226)
CARD_EDGE = (44, 36, 32)


def render_card(card: dict, size=(160, 224)) -> pygame.Surface:
    """One card face. ``card`` keys: id, title (kanji), title_en, band (colour),
    band_text, type_text, lines (effect text), and either ``general`` =
    {mon, colour, valour, command} or ``seal`` (one kanji for the red seal)."""
    W, H = size
    k = W / 160
    cv = Canvas(W, H, bg=CARD_EDGE)
    cv.fill_rect(CARD_EDGE, 0, 0, W, H, radius=10 * k)
    cv.fill_rect(CARD_PAPER, 3 * k, 3 * k, W - 6 * k, H - 6 * k, radius=8 * k)
    band = tuple(card["band"])
    bink = ink_for(band)
    # top band: number, deck, type
    cv.fill_rect(band, 3 * k, 3 * k, W - 6 * k, 27 * k, radius=8 * k)
    cv.fill_rect(band, 3 * k, 18 * k, W - 6 * k, 12 * k)
    cv.fill_rect(CARD_EDGE, 3 * k, 30 * k, W - 6 * k, 1.5 * k)
    cv.text(card["id"], 15 * k, bink, left=10 * k, cy=16.5 * k)
    cv.text(card["band_text"], 11 * k, bink, right=W - 10 * k, cy=16.5 * k, max_w=90 * k)
    # title, English title
    cv.text(card["title"], 30 * k, INK, center=W / 2, cy=53 * k, max_w=142 * k)
    cv.text(card["title_en"], 11 * k, shade(INK, 1.3), center=W / 2, cy=77 * k, bold=False, max_w=144 * k)
    cv.fill_rect(shade(CARD_PAPER, 0.8), 14 * k, 87 * k, W - 28 * k, 1 * k)
    # art panel
    gen = card.get("general")
    if gen:
        gb = tuple(gen["colour"])
        cv.circle(shade(gb, 0.5), 50 * k, 118 * k, 25 * k)
        cv.circle(gb, 50 * k, 118 * k, 23.5 * k)
        draw_mon(cv, gen["mon"], 50 * k, 118 * k, 17 * k, ink_for(gb), gb)
        cv.text("武勇", 8.5 * k, INK, center=96 * k, cy=97 * k)
        cv.text("統率", 8.5 * k, INK, center=128 * k, cy=97 * k)
        cv.circle(INK, 96 * k, 119 * k, 13.2 * k)
        cv.circle(VERMILION, 96 * k, 119 * k, 12 * k)
        cv.text(str(gen["valour"]), 21 * k, WHITE, center=96 * k, cy=119 * k)
        cv.fill_rect(INK, 115 * k - 1.2 * k, 106 * k - 1.2 * k, 26 * k + 2.4 * k, 26 * k + 2.4 * k, radius=5 * k)
        cv.fill_rect(WHITE, 115 * k, 106 * k, 26 * k, 26 * k, radius=4 * k)
        cv.text(str(gen["command"]), 21 * k, INK, center=128 * k, cy=119 * k)
    else:
        s = 46 * k
        x0, y0 = W / 2 - s / 2, 95 * k
        cv.fill_rect(VERMILION, x0, y0, s, s, radius=5 * k)
        cv.fill_rect(CARD_PAPER, x0 + 3 * k, y0 + 3 * k, s - 6 * k, s - 6 * k, radius=3 * k, width=1.5 * k)
        cv.text(card["seal"], 30 * k, WHITE, center=W / 2, cy=y0 + s / 2)
    # effect text
    top, bottom = 150 * k, H - 12 * k
    box_w = W - 24 * k
    px = 10.5 * k
    while True:
        lines = []
        for para in card["lines"]:
            lines += wrap_lines(cv, para, px, box_w)
        lh = px * 1.22
        if len(lines) * lh <= bottom - top or px <= 6.5 * k:
            break
        px -= 0.25 * k
    y = top + lh / 2
    for ln in lines:
        cv.text(ln, px, INK, left=12 * k, cy=y, bold=False)
        y += lh
    # a thin deck stripe along the bottom edge
    cv.fill_rect(band, 3 * k, H - 8 * k, W - 6 * k, 5 * k, radius=3 * k)
    cv.fill_rect(band, 3 * k, H - 8 * k, W - 6 * k, 2.5 * k)
    return cv.result()


def render_card_back(title: str = "義經", sub: str = "YOSHITSUNE", size=(160, 224)) -> pygame.Surface:
    """The one shared card back: indigo seigaiha waves and a title cartouche."""
    W, H = size
    k = W / 160
    navy = (30, 40, 78)
    cv = Canvas(W, H, bg=CARD_EDGE)
    cv.fill_rect(CARD_EDGE, 0, 0, W, H, radius=10 * k)
    # the wave pattern, on its own layer, clipped to the inner face
    pat = Canvas(W, H, bg=navy, ss=cv.ss)
    pat.fill_rect(navy, 0, 0, W, H)
    r = 14 * k
    rings = [(58, 74, 128), navy, (58, 74, 128), navy]
    row = 0
    y = -r
    while y < H + r:
        off = (row % 2) * r
        x = -r + off
        while x < W + 2 * r:
            for i, col in enumerate(rings):
                pat.circle(col, x, y, r * (1 - i * 0.24))
            x += 2 * r
        y += r * 0.5
        row += 1
    mask = pygame.Surface(cv.surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), cv.rect(3 * k, 3 * k, W - 6 * k, H - 6 * k), border_radius=cv.p(8 * k))
    pat.surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    cv.surf.blit(pat.surf, (0, 0))
    gold = (224, 188, 96)
    cv.fill_rect(gold, 8 * k, 8 * k, W - 16 * k, H - 16 * k, radius=6 * k, width=1.5 * k)
    # cartouche
    cw, ch = 92 * k, 122 * k
    x0, y0 = W / 2 - cw / 2, H / 2 - ch / 2
    cv.fill_rect(gold, x0 - 2 * k, y0 - 2 * k, cw + 4 * k, ch + 4 * k, radius=8 * k)
    cv.fill_rect(CARD_PAPER, x0, y0, cw, ch, radius=7 * k)
    cv.fill_rect(VERMILION, x0 + 5 * k, y0 + 5 * k, cw - 10 * k, ch - 10 * k, radius=5 * k, width=1.5 * k)
    cv.text(title[0], 40 * k, INK, center=W / 2, cy=y0 + 34 * k)
    cv.text(title[1:], 40 * k, INK, center=W / 2, cy=y0 + 78 * k)
    cv.text(sub, 9 * k, VERMILION, center=W / 2, cy=y0 + ch - 15 * k)
    return cv.result()


# --- 日清戰爭 markers ---------------------------------------------------------------------

def draw_warship(cv: Canvas, x, y, w, h, col=INK, smoke=(110, 110, 110)):
    """A side view of an 1890s ironclad in the box (x, y, w, h): hull, two funnels, masts."""
    hull = [(x, y + h * 0.55), (x + w, y + h * 0.55), (x + w * 0.9, y + h * 0.85), (x + w * 0.08, y + h * 0.85)]
    cv.polygon(col, hull)
    cv.fill_rect(col, x + w * 0.22, y + h * 0.38, w * 0.56, h * 0.18)
    for fx in (0.38, 0.55):
        cv.fill_rect(col, x + w * fx, y + h * 0.12, w * 0.07, h * 0.28)
        cv.circle(smoke, x + w * (fx + 0.05), y + h * 0.06, h * 0.09)
    cv.line(col, (x + w * 0.18, y + h * 0.55), (x + w * 0.18, y), max(1.0, h * 0.04))
    cv.line(col, (x + w * 0.8, y + h * 0.55), (x + w * 0.8, y + h * 0.08), max(1.0, h * 0.04))
    cv.fill_rect((60, 110, 180), x - w * 0.02, y + h * 0.86, w * 1.04, h * 0.1)


def render_sj_marker(kind: str, colour, size: int = 64, text: str = "") -> pygame.Surface:
    """64-px 日清戰爭 markers: fleet (front, flipped), bridgehead, turn, round, ammo, cp."""
    k = size / 64
    base = tuple(colour)
    cv = Canvas(size, size, bg=shade(base, 0.5))
    framed_tile(cv, base, size, size, 7 * k, k)
    ink = ink_for(base)
    c = size / 2
    if kind in ("fleet", "fleet_flipped"):
        flipped = kind == "fleet_flipped"
        draw_warship(cv, 9 * k, 15 * k, 46 * k, 24 * k, col=INK if not flipped else shade(INK, 1.8))
        draw_qing_pennant(cv, 11 * k, 11 * k, 5 * k)
        cv.text("北洋水師", 10 * k, ink, center=c, cy=47 * k, max_w=54 * k)
        cv.text("+1" if flipped else "+3", 12 * k, SUN_RED if flipped else ink, center=c, cy=57 * k)
        if flipped:
            cv.line(SUN_RED, (8 * k, 40 * k), (56 * k, 14 * k), 2.2 * k)
    elif kind == "bridgehead":
        draw_sun(cv, 14 * k, 14 * k, 7 * k, rays=False)
        # an anchor over a beach
        cv.fill_rect((214, 190, 130), 6 * k, 40 * k, 52 * k, 12 * k, radius=3 * k)
        cv.fill_rect((60, 110, 180), 6 * k, 46 * k, 52 * k, 6 * k, radius=2 * k)
        cv.line(INK, (c, 12 * k), (c, 40 * k), 3 * k)
        cv.line(INK, (c - 8 * k, 18 * k), (c + 8 * k, 18 * k), 2.4 * k)
        arc_line(cv, INK, c, 32 * k, 11 * k, 8 * k, 0, 180, 2.6 * k, steps=14)
        cv.text("橋頭堡", 9.5 * k, ink, center=c, cy=58 * k, max_w=54 * k)
    else:
        # a plain track marker: a big word and a small one
        big, small = text.split("|", 1) if "|" in text else (text, "")
        cv.fill_rect(ink, 7 * k, 7 * k, size - 14 * k, size - 14 * k, radius=4 * k, width=1.4 * k)
        cv.text(big, 18 * k, ink, center=c, cy=28 * k, max_w=48 * k)
        if small:
            cv.text(small, 9 * k, ink, center=c, cy=46 * k, max_w=50 * k)
    return cv.result()
