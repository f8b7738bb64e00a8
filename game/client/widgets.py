"""Widgets: chunky buttons, menus, panels, the event log, banners, and the
"pass the device" screen. Text is rendered through Assets.text (cached)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from .assets import Assets
from .i18n import _
from .input import Intent

# -- theme -------------------------------------------------------------------
BG = (18, 22, 30)
PANEL = (32, 38, 50)
PANEL_HI = (44, 52, 68)
BORDER = (96, 108, 132)
TEXT = (242, 238, 226)
DIM = (150, 156, 170)
ACCENT = (250, 196, 64)
GOOD = (96, 210, 120)
BAD = (236, 84, 72)
FOCUS = (255, 232, 120)


_STAMPS: dict[tuple, pygame.Surface] = {}


def stamp(size, colour, radius: int = 0, width: int = 0) -> pygame.Surface:
    """A cached surface holding one (rounded) rectangle of ``size`` as pygame.draw.rect
    draws it, ``colour`` with or without alpha: blitting it draws the same pixels as
    drawing the rectangle there, in a fraction of the time (counters' shadows,
    translucent panels drawn every frame)."""
    key = (tuple(size), tuple(colour), radius, width)
    s = _STAMPS.get(key)
    if s is None:
        if len(_STAMPS) > 400:
            _STAMPS.clear()
        s = pygame.Surface(key[0], pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), width, border_radius=radius)
        _STAMPS[key] = s
    return s


def round_rect(surf: pygame.Surface, colour, rect, radius: int = 0, width: int = 0) -> None:
    """``pygame.draw.rect(surf, colour, rect, width, border_radius=radius)``, from a cached stamp."""
    r = pygame.Rect(rect)
    if r.width > 0 and r.height > 0:
        surf.blit(stamp(r.size, colour, radius, width), r.topleft)


_PANELS: dict[tuple, pygame.Surface] = {}


def panel_image(size, colour=PANEL, border=BORDER, radius: int = 12, width: int = 3,
                backdrop=(18, 22, 30)) -> pygame.Surface:
    """A cached opaque picture of ``panel`` drawn over ``backdrop`` (what shows in its round
    corners): blitting it draws the same pixels as ``panel`` on that colour, without the
    round rectangles' cost (the side panel's boxes, drawn again as the pointer moves)."""
    key = (tuple(size), tuple(colour), tuple(border), radius, width, tuple(backdrop))
    s = _PANELS.get(key)
    if s is None:
        if len(_PANELS) > 64:
            _PANELS.clear()
        s = pygame.Surface(key[0])
        s.fill(backdrop)
        panel(s, s.get_rect(), colour, border, radius, width)
        _PANELS[key] = s
    return s


def panel(surf: pygame.Surface, rect: pygame.Rect, colour=PANEL, border=BORDER, radius: int = 12,
          width: int = 3, alpha: int = 255) -> None:
    if alpha < 255:
        surf.blit(stamp(pygame.Rect(rect).size, (*colour, alpha), radius), rect.topleft)
    else:
        pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)


def fit_scale(size) -> float:
    """How much a screen laid out for 1280×720 grows or shrinks at ``size`` (the
    smaller of the two ratios, so it fits both ways: 0.8 at 1024×576, 1.5 at
    1920×1080; never below 0.75, so text stays readable)."""
    w, h = size
    return max(0.75, min(w / 1280, h / 720))


def blit_center(surf: pygame.Surface, img: pygame.Surface, center) -> pygame.Rect:
    r = img.get_rect(center=(int(center[0]), int(center[1])))
    surf.blit(img, r)
    return r


def fit_text(assets: Assets, s: str, size: int, max_w: int, colour=TEXT, bold=False, min_size: int = 12):
    """The largest size <= ``size`` at which ``s`` fits in ``max_w`` pixels; at the
    smallest size (never below the interface minimum, Assets.MIN_TEXT) a line still
    too long is cut with "…"."""
    while size > min_size:
        img = assets.text(s, size, colour, bold)
        if img.get_width() <= max_w:
            return img
        size -= 2
    img = assets.text(s, min_size, colour, bold)
    if img.get_width() > max_w and len(s) > 1:
        lo, hi = 0, len(s)
        while lo < hi:                  # the longest start of s that fits with the ellipsis
            mid = (lo + hi + 1) // 2
            if assets.text(s[:mid].rstrip() + "…", min_size, colour, bold).get_width() <= max_w:
                lo = mid
            else:
                hi = mid - 1
        img = assets.text(s[:lo].rstrip() + "…", min_size, colour, bold)
    return img


def clip_text(assets: Assets, s: str, size: int, max_w: int, colour=TEXT, bold=False, min_size: int = 12):
    """``fit_text``, and if ``s`` does not fit even at ``min_size``, cut with "…"."""
    img = fit_text(assets, s, size, max_w, colour, bold, min_size)
    while img.get_width() > max_w and len(s) > 1:
        s = s[:-1].rstrip()
        img = assets.text(s + "…", min_size, colour, bold)
    return img


@dataclass
class Button:
    label: str
    rect: pygame.Rect
    value: Any = None
    enabled: bool = True
    hint: str = ""              # small key hint, e.g. "Space"
    primary: bool = False
    size: int = 26
    reason: str = ""            # why disabled (tooltip line)

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surf: pygame.Surface, assets: Assets, focused: bool = False, hovered: bool = False) -> None:
        if not self.enabled:
            bg, fg, border = (40, 44, 54), (110, 114, 124), (70, 76, 90)
        elif self.primary:
            bg, fg, border = (200, 150, 40) if not hovered else (232, 178, 56), (20, 18, 12), ACCENT
        else:
            bg, fg, border = (PANEL_HI if not hovered else (64, 76, 98)), TEXT, BORDER
        if focused and self.enabled:
            border = FOCUS
        r = self.rect
        pygame.draw.rect(surf, (0, 0, 0), r.move(0, 4), border_radius=12)
        pygame.draw.rect(surf, bg, r, border_radius=12)
        pygame.draw.rect(surf, border, r, 4 if focused else 3, border_radius=12)
        w = r.width - 24 - (52 if self.hint else 0)
        img = fit_text(assets, self.label, self.size, w, fg, bold=True)
        if " " in self.label and assets.text(self.label, 14, fg, bold=True).get_width() > w:
            for size in range(min(self.size, 18), 13, -2):      # cut even at the least size: on two lines
                two = assets.text(self.label, size, fg, bold=True, wrap=w, centre=True)
                if two.get_height() <= r.height - 6 and two.get_width() <= w:
                    img = two
                    break
        cx = r.centerx - (18 if self.hint else 0)
        blit_center(surf, img, (cx, r.centery))
        if self.hint:
            h = assets.text(self.hint, 14, fg if self.enabled else (110, 114, 124))
            surf.blit(h, h.get_rect(midright=(r.right - 12, r.centery)))


class Menu:
    """A focusable column (or row) of buttons driven by mouse, keys or pad."""

    def __init__(self, buttons: list[Button], on_choose: Callable[[Button], None], horizontal: bool = False):
        self.buttons = buttons
        self.on_choose = on_choose
        self.horizontal = horizontal
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
        self.hover: int | None = None

    def handle(self, it: Intent) -> bool:
        """True if the intent was used."""
        if it.name == "point" and it.pos:
            self.hover = None
            for i, b in enumerate(self.buttons):
                if b.hit(it.pos):
                    self.hover = self.focus = i
            return False
        if it.name == "press" and it.button == 1 and it.pos:
            for i, b in enumerate(self.buttons):
                if b.hit(it.pos):
                    self.focus = i
                    self.on_choose(b)
                    return True
            return False
        if it.name == "cursor":
            step = it.dx if self.horizontal else it.dy
            if step:
                self.move(step)
                return True
        if it.name in ("cycle",):
            self.move(it.dx)
            return True
        if it.name in ("confirm", "click_cursor") and self.buttons:
            b = self.buttons[self.focus]
            if b.enabled:
                self.on_choose(b)
            return True
        return False

    def move(self, step: int) -> None:
        n = len(self.buttons)
        if not n:
            return
        i = self.focus
        for _step in range(n):
            i = (i + step) % n
            if self.buttons[i].enabled:
                self.focus = i
                return

    def draw(self, surf: pygame.Surface, assets: Assets, show_focus: bool = True) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surf, assets, focused=show_focus and i == self.focus, hovered=i == self.hover)


def column(labels: list[tuple[str, Any]], center_x: int, top: int, w: int = 420, h: int = 64, gap: int = 16,
           size: int = 28) -> list[Button]:
    out = []
    for i, (lab, val) in enumerate(labels):
        out.append(Button(lab, pygame.Rect(center_x - w // 2, top + i * (h + gap), w, h), val, size=size))
    return out


def fit_column(labels: list[tuple[str, Any]], center_x: int, screen, top: int, bottom: int, w: int = 420,
               h: int = 64, gap: int = 16, size: int = 28) -> list[Button]:
    """``column`` laid out for 1280×720 and fitted to a ``screen`` of another size:
    every measure scaled with it (see scenes.base.fit_scale), and the buttons made
    shorter when they would not fit between ``top`` and ``bottom`` (pixels at 1280×720)."""
    sw, sh = screen
    k = fit_scale(screen)
    n = max(1, len(labels))
    top_, room = round(top * k), sh - round(top * k) - round(bottom * k)
    bh = min(round(h * k), (room - round(gap * k) * (n - 1)) // n)
    g = round(gap * k) if bh >= round(h * k) * 0.75 else max(4, round(gap * k * 0.5))
    bh = min(round(h * k), (room - g * (n - 1)) // n)
    fs = min(round(size * k), max(14, bh - 18))
    return column(labels, center_x, top_, w=round(w * k), h=max(28, bh), gap=g, size=fs)


class LogView:
    """The event log: the newest line at the bottom. It follows new events while
    it shows the newest line; scrolled back (wheel, Ctrl+Up/Down, the pad's Back +
    D-pad up/down), it keeps its place and shows a "new events" button at its foot
    that jumps back to the newest (a click on it, End, the pad's Back + right)."""

    def __init__(self, rect: pygame.Rect, size: int = 17, backdrop=None):
        self.rect = rect
        self.size = size
        self.backdrop = backdrop    # the colour round it: then its picture is kept opaque, box and all
        self.lines: list[tuple[str, tuple[int, int, int]]] = []
        self.scroll = 0          # lines scrolled back from the bottom (0: following)
        self.unseen = 0          # lines added since it was scrolled back
        self.button: pygame.Rect | None = None      # the "new events" button, where it was drawn
        self.shown: list[str] = []                  # the lines drawn last, top to bottom
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple | None = None
        self._at: tuple | None = None               # where it was drawn last (a move: drawn again)

    @property
    def following(self) -> bool:
        return self.scroll == 0

    def add(self, text: str, colour=TEXT) -> None:
        if text:
            self.lines.append((text, colour))
            del self.lines[:-400]
            if self.scroll:
                self.scroll = min(len(self.lines) - 1, self.scroll + 1)
                self.unseen += 1

    def clear(self) -> None:
        self.lines.clear()
        self.scroll = self.unseen = 0

    def wheel(self, dy: int) -> None:
        """Scroll back (``dy`` > 0, the wheel turned up) or forward, two lines a notch."""
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy * 2))
        if self.scroll == 0:
            self.unseen = 0

    def jump_to_newest(self) -> bool:
        """Back to the newest line (and following again); False if it was there."""
        was = self.scroll
        self.scroll = self.unseen = 0
        return bool(was)

    def click(self, pos) -> bool:
        """A click on the "new events" button jumps back; True when it was on it."""
        if self.button is not None and self.scroll and self.button.collidepoint(pos):
            return self.jump_to_newest()
        return False

    def prepare(self, assets: Assets) -> bool:
        """Render the lines shown if they changed; True when they did (the log must be drawn again)."""
        key = (len(self.lines), self.lines[-1] if self.lines else None, self.scroll, self.unseen, self.rect.size)
        r = self.rect
        if key != self._cache_key:
            self._cache_key = key
            s = self._cache
            if self.backdrop is not None:   # (opaque: the box under the lines, kept with them)
                if s is None or s.get_size() != r.size or s.get_flags() & pygame.SRCALPHA:
                    s = pygame.Surface(r.size)
                s.blit(panel_image(r.size, (24, 28, 38), BORDER, 12, 2, self.backdrop), (0, 0))
            elif s is None or s.get_size() != r.size or not s.get_flags() & pygame.SRCALPHA:
                s = pygame.Surface(r.size, pygame.SRCALPHA)
            else:
                s.fill((0, 0, 0, 0))
            bottom = r.height - 8
            tag = None
            if self.scroll:
                label = (_("▼ {n} new events (End)").format(n=self.unseen) if self.unseen
                         else _("▼ Newest events (End)"))
                tag = assets.text(label, 15, (20, 16, 10), bold=True)
                bottom -= tag.get_height() + 10
            y = bottom
            end = len(self.lines) - self.scroll
            shown = []
            for text, colour in reversed(self.lines[max(0, end - 40):end]):
                img = assets.text(text, self.size, colour, wrap=r.width - 16)
                y -= img.get_height() + 2
                if y < 4:
                    break
                s.blit(img, (8, y))
                shown.append(text)
            self.shown = shown[::-1]
            self.button = None
            if tag is not None:
                b = tag.get_rect(midbottom=(r.width // 2, r.height - 4)).inflate(20, 6)
                pygame.draw.rect(s, ACCENT, b, border_radius=8)
                s.blit(tag, tag.get_rect(center=b.center))
                self.button = b.move(r.topleft)
            self._cache = s
            self._at = None
            return True
        if self._at != r.topleft:
            self._at = r.topleft
            return True
        return False

    def draw(self, surf: pygame.Surface, assets: Assets) -> None:
        self.prepare(assets)
        if self.backdrop is None:
            panel(surf, self.rect, colour=(24, 28, 38), width=2)
        surf.blit(self._cache, self.rect.topleft)


def wrap_lines(assets: Assets, s: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """``s`` broken into lines no wider than ``max_w`` pixels: at spaces where it can,
    inside a word (or between CJK characters) where a word alone is too wide."""
    font = assets.font(size, bold)
    # (text from files, e.g. a save's name or error: no NUL or lone surrogate stops the measuring)
    s = s.encode("utf-8", "replace").decode("utf-8").replace("\0", "\N{REPLACEMENT CHARACTER}")
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = f"{line} {word}" if line else word
            if font.size(cand)[0] <= max_w:
                line = cand
                continue
            if line:
                out.append(line)
            line = ""
            for ch in word:                 # a word wider than the line: break it where it must
                if line and font.size(line + ch)[0] > max_w:
                    out.append(line)
                    line = ""
                line += ch
        out.append(line)
    return out


#: toasts: the widest a toast box may be, as a share of the window width
TOAST_SHARE = 0.7


def draw_toasts(surf: pygame.Surface, assets: Assets, toasts: list, centre_x: float | None = None) -> list[pygame.Rect]:
    """The toasts ([text, colour, ttl]), stacked from the top: each wrapped to fit
    the window (at most TOAST_SHARE of its width, never past an edge), centred on
    ``centre_x`` where the window allows. Returns where each was drawn."""
    w, h = surf.get_size()
    cx = w * 0.36 if centre_x is None else centre_x
    box_w = int(min(w * TOAST_SHARE, w - 16))
    y = 12
    rects = []
    for text, colour, _ttl in toasts:
        size = 22 if w >= 1200 else 19
        lines = wrap_lines(assets, text, size, box_w - 28, bold=True)
        if len(lines) > 3:                          # a long message: smaller type before many lines
            size -= 4
            lines = wrap_lines(assets, text, size, box_w - 28, bold=True)
        imgs = [assets.text(t, size, colour, bold=True) for t in lines[:8]]
        bw = max(i.get_width() for i in imgs) + 28
        bh = sum(i.get_height() for i in imgs) + 14
        r = pygame.Rect(0, y, bw, bh)
        r.centerx = int(cx)
        r.clamp_ip(pygame.Rect(8, 0, w - 16, h))
        if r.bottom > h - 4:
            break
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        s.fill((8, 10, 14, 225))
        surf.blit(s, r)
        pygame.draw.rect(surf, colour, r, 2, border_radius=6)
        ty = r.y + 7
        for img in imgs:
            surf.blit(img, img.get_rect(midtop=(r.centerx, ty)))
            ty += img.get_height()
        rects.append(r)
        y = r.bottom + 6
    return rects


@dataclass
class Banner:
    """A big centred line that slides in, holds and fades (e.g. "JP's turn")."""
    text: str
    colour: tuple[int, int, int] = ACCENT
    duration: float = 1.4
    elapsed: float = 0.0
    sub: str = ""

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surf: pygame.Surface, assets: Assets, area: pygame.Rect) -> None:
        t = self.elapsed / self.duration
        a = min(1.0, t * 6, (1 - t) * 4)
        if a <= 0:
            return
        h = 120 if self.sub else 96
        band = pygame.Surface((area.width, h), pygame.SRCALPHA)
        band.fill((10, 12, 18, int(210 * a)))
        pygame.draw.rect(band, (*self.colour, int(255 * a)), (0, 0, area.width, 5))
        pygame.draw.rect(band, (*self.colour, int(255 * a)), (0, h - 5, area.width, 5))
        img = assets.text(self.text, 54, self.colour, bold=True)
        img.set_alpha(int(255 * a))
        band.blit(img, img.get_rect(center=(area.width // 2 + int((1 - min(1, t * 5)) * 120), 46 if self.sub else h // 2)))
        if self.sub:
            s = assets.text(self.sub, 22, TEXT)
            s.set_alpha(int(255 * a))
            band.blit(s, s.get_rect(center=(area.width // 2, 92)))
        surf.blit(band, (area.x, area.centery - h // 2))


class PassDevice:
    """Full-screen cover between hotseat seats that hold secrets: "Pass the
    device to …". Nothing of the board shows until the next player confirms,
    deliberately: by holding Enter, the pad's A or the mouse button on the
    hold bar for HOLD seconds, or by typing the letter shown. A stray click or
    key does nothing. ``recap``: what the others did since this seat last
    looked (public lines only: the screen is seen by everyone)."""

    HOLD = 0.5
    LETTERS = "BCDFGJKNPRSVWXY"          # no letter with a shortcut of its own (a e h i l m t u z)
    made = 0

    def __init__(self, seat_name: str, colour=ACCENT, on_done: Callable[[], None] | None = None,
                 recap: list[str] | None = None):
        self.seat_name = seat_name
        self.colour = colour
        self.on_done = on_done
        self.done = False
        PassDevice.made += 1
        self.letter = self.LETTERS[(sum(map(ord, seat_name)) * 7 + PassDevice.made) % len(self.LETTERS)]
        self.recap = list(recap or [])[-8:]
        self.holding = False
        self.held = 0.0
        self.bar: pygame.Rect | None = None

    def _finish(self) -> None:
        if not self.done:
            self.done = True
            if self.on_done:
                self.on_done()

    def handle(self, it: Intent) -> bool:
        if it.char and it.char.upper() == self.letter:
            self._finish()
        elif it.name == "confirm" or (it.name == "press" and it.button == 1 and it.pos is not None
                                      and (self.bar is None or self.bar.collidepoint(it.pos))):
            self.holding = True
        elif it.name in ("confirm_up", "release"):
            self.holding = False
            self.held = 0.0
        return True

    def update(self, dt: float) -> None:
        if self.holding:
            self.held += dt
            if self.held >= self.HOLD:
                self._finish()

    def draw(self, surf: pygame.Surface, assets: Assets) -> None:
        surf.fill(BG)
        w, h = surf.get_size()
        top = h // 2 - 170 if self.recap else h // 2 - 110
        pygame.draw.rect(surf, self.colour, (0, top, w, 8))
        blit_center(surf, assets.text(_("Pass the device to"), 36, DIM), (w // 2, top + 60))
        blit_center(surf, assets.text(self.seat_name, 64, self.colour, bold=True), (w // 2, top + 125))
        bar = pygame.Rect(0, 0, 560, 64)
        bar.center = (w // 2, top + 215)
        self.bar = bar
        pygame.draw.rect(surf, (40, 44, 56), bar, border_radius=14)
        if self.held > 0:
            fill = bar.copy()
            fill.width = int(bar.width * min(1.0, self.held / self.HOLD))
            pygame.draw.rect(surf, self.colour, fill, border_radius=14)
        pygame.draw.rect(surf, self.colour, bar, 3, border_radius=14)
        blit_center(surf, assets.text(_("Hold here (or Enter / A) — or type  {letter}").format(letter=self.letter), 24, TEXT, bold=True),
                    bar.center)
        blit_center(surf, assets.text(_("others look away"), 20, DIM), (w // 2, bar.bottom + 22))
        if self.recap:
            y = bar.bottom + 56
            blit_center(surf, assets.text(_("Since you last looked:"), 20, ACCENT, bold=True), (w // 2, y))
            y += 16
            for line in self.recap:
                img = assets.text(line, 17, TEXT)
                if img.get_width() > w - 80:
                    img = assets.text(line[:110] + "…", 17, TEXT)
                surf.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height() + 2
                if y > h - 24:
                    break


@dataclass
class Toast:
    text: str
    colour: tuple[int, int, int] = TEXT
    ttl: float = 3.0
    lines: list = field(default_factory=list)
