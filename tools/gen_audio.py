#!/usr/bin/env python3
"""Synthesize the game's sound effects into audio/ (the music: tools/gen_music.py).

Standard library only (math, wave, array, random with fixed seeds): 16-bit
mono WAV at 22050 Hz. Deterministic: running it again gives byte-identical
files.

    python tools/gen_audio.py              # writes audio/
    python tools/gen_audio.py --out DIR    # writes elsewhere (tests use this)
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import wave
import zlib
from array import array
import operator
from itertools import accumulate
from operator import add
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SR = 22050
TAU = 2 * math.pi
SFX_PEAK = 0.89      # -1 dBFS
GENERATOR = "tools/gen_audio.py"

Buf = list  # list[float]


# --- building blocks ------------------------------------------------------------

def silence(sec: float) -> Buf:
    return [0.0] * int(round(sec * SR))


def rng_for(name: str) -> random.Random:
    return random.Random(zlib.crc32(name.encode()))


def mix(dst: Buf, src: Buf, at: float = 0.0, gain: float = 1.0, wrap: bool = False) -> Buf:
    """Add ``src`` into ``dst`` starting at ``at`` seconds (grows dst, or wraps round for loops)."""
    o = int(round(at * SR))
    n = len(dst)
    if not wrap and o + len(src) > n:
        dst.extend([0.0] * (o + len(src) - n))
        n = len(dst)
    pos = 0
    while pos < len(src):
        j = (o + pos) % n if wrap else o + pos
        m = min(len(src) - pos, n - j)
        seg = src[pos:pos + m]
        if gain != 1.0:
            seg = map(float(gain).__mul__, seg)
        dst[j:j + m] = map(add, dst[j:j + m], seg)
        pos += m
    return dst


def env_exp(n: int, tau: float, attack: float = 0.002) -> Buf:
    """Fast linear attack, exponential decay with time constant ``tau`` seconds."""
    a = max(1, int(attack * SR))
    k = -1.0 / (tau * SR)
    exp = math.exp
    return [i / a if i < a else exp(k * (i - a)) for i in range(n)]


def adsr(n: int, a: float, d: float, s: float, r: float) -> Buf:
    na, nd, nr = int(a * SR), int(d * SR), int(r * SR)
    na = min(na, n)
    nd = min(nd, n - na)
    out = ([i / max(1, na) for i in range(na)]
           + [1 - (1 - s) * i / max(1, nd) for i in range(nd)]
           + [s] * (n - na - nd))
    nr = min(nr, n)
    for i in range(n - nr, n):
        out[i] *= (n - i) / max(1, nr)
    return out


def osc(freq, sec: float, kind: str = "sine", phase: float = 0.0, vib: tuple[float, float] = (0, 0)) -> Buf:
    """Oscillator. ``freq`` is a number or a function of time (seconds).
    kinds: sine, tri, square (soft), saw (band-limited additive), brass."""
    n = int(round(sec * SR))
    vr, vd = vib
    if not callable(freq) and not vd and kind in ("sine", "tri"):
        w = freq / SR
        if kind == "sine":
            sin = math.sin
            return [sin(TAU * (w * i + phase)) for i in range(n)]
        fl = math.floor
        return [4 * x - 1 if x < 0.5 else 3 - 4 * x
                for x in ((w * i + phase) - fl(w * i + phase) for i in range(n))]
    sin = math.sin
    fl = math.floor
    ts = [i / SR for i in range(n)]
    fs = [freq(t) for t in ts] if callable(freq) else [freq] * n
    if vd:
        fs = [f * (1 + vd * sin(TAU * vr * t)) for f, t in zip(fs, ts)]
    xs = [p - fl(p) for p in accumulate((f / SR for f in fs), initial=phase)][1:]
    if kind == "sine":
        return [sin(TAU * x) for x in xs]
    if kind == "tri":
        return [4 * x - 1 if x < 0.5 else 3 - 4 * x for x in xs]
    if kind == "square":
        tanh = math.tanh
        return [tanh(4 * sin(TAU * x)) * 0.8 for x in xs]
    if kind != "saw":
        raise ValueError(kind)
    out = [0.0] * n
    for i, (x, f) in enumerate(zip(xs, fs)):
        v = 0.0
        h = 1
        while h * f < SR * 0.45 and h <= 12:
            v += sin(TAU * h * x) / h
            h += 1
        out[i] = v * 0.6
    return out


_TABLE = 2048
_BRASS_TABLES: dict[int, list] = {}


def brass(freq: float, sec: float, bright: float = 1.0, vib: float = 0.006) -> Buf:
    """A brass-like note: additive harmonics whose upper partials swell in on
    the attack (the 'blat'), a slight vibrato, and a soft release. Built from
    a few single-cycle wavetables of rising brightness, cross-faded."""
    n = int(round(sec * SR))
    amps = [1.0, 0.75, 0.55, 0.42, 0.3, 0.22, 0.15, 0.1, 0.07]
    nh = sum(1 for h in range(1, len(amps) + 1) if h * freq * 1.03 < SR * 0.45)
    levels = [0.2, 0.45, 0.7, 0.95, 1.2]
    tables = _BRASS_TABLES.get(nh)
    if tables is None:
        tables = []
        for b in levels:
            t_ = [0.0] * (_TABLE + 1)
            for h in range(1, nh + 1):
                a = amps[h - 1] * b ** (h - 1)
                for i in range(_TABLE + 1):
                    t_[i] += a * math.sin(TAU * h * i / _TABLE)
            tables.append(t_)
        _BRASS_TABLES[nh] = tables
    att = 0.035
    rel = min(0.12, sec * 0.3)
    sin, exp = math.sin, math.exp
    last = len(levels) - 1
    ts = [i / SR for i in range(n)]
    incs = [freq * (1 + vib * sin(TAU * 5.5 * t) * min(1.0, t / 0.25)) * (1 - 0.02 * exp(-t / 0.02)) / SR
            for t in ts]
    out = [0.0] * n
    for i, (t, ph) in enumerate(zip(ts, accumulate(incs))):
        ph -= int(ph)
        a_env = min(1.0, t / att)
        lv = (bright * (0.35 + 0.65 * a_env) * (1 - 0.25 * min(1.0, t / 0.6)) - 0.2) * 4.0
        li = 0 if lv < 0 else (last - 1 if lv >= last else int(lv))
        fr = lv - li
        fr = 0.0 if fr < 0 else (1.0 if fr > 1 else fr)
        x = ph * _TABLE
        xi = int(x)
        t0, t1 = tables[li], tables[li + 1]
        v0 = t0[xi]
        v1 = t1[xi]
        v = v0 + (v1 - v0) * fr
        r_env = 1.0 if t < sec - rel else max(0.0, (sec - t) / rel)
        out[i] = v * a_env * r_env * 0.35
    return out


def noise(sec: float, rng: random.Random) -> Buf:
    return [rng.random() * 2 - 1 for _ in range(int(round(sec * SR)))]


def lowpass(buf: Buf, cutoff) -> Buf:
    """One-pole low-pass; ``cutoff`` in Hz, or a function of time."""
    fn = cutoff if callable(cutoff) else None
    a = 1 - math.exp(-TAU * cutoff / SR) if not fn else 0.0
    y = 0.0
    out = [0.0] * len(buf)
    for i, x in enumerate(buf):
        if fn:
            a = 1 - math.exp(-TAU * fn(i / SR) / SR)
        y += a * (x - y)
        out[i] = y
    return out


def highpass(buf: Buf, cutoff: float) -> Buf:
    lp = lowpass(buf, cutoff)
    return [x - y for x, y in zip(buf, lp)]


def bandpass(buf: Buf, f0: float, q: float = 2.0) -> Buf:
    """RBJ biquad band-pass (constant 0 dB peak gain)."""
    w = TAU * f0 / SR
    al = math.sin(w) / (2 * q)
    b0, b1, b2 = al, 0.0, -al
    a0, a1, a2 = 1 + al, -2 * math.cos(w), 1 - al
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(buf)
    for i, x in enumerate(buf):
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out[i] = y
    return out


def mul(a: Buf, b: Buf) -> Buf:
    return list(map(operator.mul, a, b))


def scale(a: Buf, g: float) -> Buf:
    return list(map(float(g).__mul__, a))


def fade(buf: Buf, fin: float = 0.003, fout: float = 0.02) -> Buf:
    n = len(buf)
    ni, no = max(1, int(fin * SR)), max(1, int(fout * SR))
    for i in range(min(ni, n)):
        buf[i] *= i / ni
    for i in range(min(no, n)):
        buf[n - 1 - i] *= i / no
    return buf


def normalise(buf: Buf, peak: float) -> Buf:
    m = max(max(buf, default=0.0), -min(buf, default=0.0))
    if m <= 0:
        return buf
    return scale(buf, peak / m)


def soft_clip(buf: Buf, drive: float = 1.5) -> Buf:
    t = math.tanh(drive)
    return [math.tanh(drive * x) / t for x in buf]


def echo(buf: Buf, delay: float, fb: float, n: int = 4, wrap: bool = False) -> Buf:
    out = list(buf)
    for k in range(1, n + 1):
        mix(out, buf, delay * k, fb ** k, wrap=wrap)
    return out


def write_wav(path: Path, buf: Buf) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    peak = max(max(buf, default=0.0), -min(buf, default=0.0))
    if peak > 1.0:
        raise ValueError(f"{path.name}: peak {peak:.3f} would clip")
    data = array("h", map(round, map((32767.0).__mul__, buf)))
    if sys.byteorder != "little":
        data.byteswap()
    tmp = path.with_suffix(".tmp")
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())
    tmp.replace(path)


def note(name: str) -> float:
    """'A4' -> 440.0; accepts sharps (C#4) and flats (Eb4)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semi = names[name[0]]
    rest = name[1:]
    if rest and rest[0] in "#b":
        semi += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2 ** ((semi + (octave - 4) * 12) / 12)


def thump(freq0: float, freq1: float, sec: float, tau: float) -> Buf:
    """A pitched drop (kick-drum style) from freq0 to freq1."""
    f = lambda t: freq1 + (freq0 - freq1) * math.exp(-t / (tau * 0.4))  # noqa: E731
    return fade(mul(osc(f, sec), env_exp(int(round(sec * SR)), tau, 0.001)), 0.0005, min(0.05, sec * 0.3))


def burst(rng: random.Random, sec: float, tau: float, cutoff, hp: float | None = None) -> Buf:
    b = lowpass(noise(sec, rng), cutoff)
    if hp:
        b = highpass(b, hp)
    return fade(mul(b, env_exp(len(b), tau, 0.001)), 0.0005, min(0.03, sec * 0.3))


# --- the sounds -------------------------------------------------------------------

def s_click() -> Buf:
    rng = rng_for("click")
    n = int(0.07 * SR)
    tone = mul(osc(lambda t: 1500 - 4000 * t, 0.07), env_exp(n, 0.012, 0.0008))
    tick = mul(highpass(noise(0.07, rng), 2500), env_exp(n, 0.003, 0.0003))
    out = mix(scale(tone, 0.8), tick, 0, 0.4)
    return fade(out, 0.0008, 0.01)


def s_move() -> Buf:
    rng = rng_for("move")
    out = silence(0.5)
    # low rumble of the engine / tracks under everything
    rum = lowpass(lowpass(noise(0.5, rng), 180), 300)
    mix(out, mul(rum, adsr(len(rum), 0.05, 0.1, 0.7, 0.2)), 0, 4.0)
    mix(out, thump(120, 55, 0.3, 0.09), 0.0, 0.9)
    # track links clanking: short band-passed ticks, slowing down
    t = 0.03
    for i in range(6):
        clank = bandpass(burst(rng, 0.04, 0.006, 6000), 1800 + 150 * i, 4)
        mix(out, clank, t, 1.6 * (1 - i * 0.12))
        t += 0.06 + 0.008 * i
    mix(out, thump(90, 45, 0.2, 0.05), 0.36, 0.5)
    return fade(out, 0.003, 0.06)


def s_dice() -> Buf:
    rng = rng_for("dice")
    out = silence(0.7)
    t = 0.0
    # dice rattling in a cup / tumbling on the table: clusters of clicks that
    # get sparser and softer, each with a woody resonance
    for i in range(14):
        g = 1.0 - i / 18
        click = burst(rng, 0.03, 0.004 + rng.random() * 0.003, 7000, hp=600)
        res = mul(osc(900 + rng.random() * 1800, 0.03), env_exp(int(0.03 * SR), 0.006))
        mix(out, click, t, g)
        mix(out, res, t, 0.35 * g)
        t += 0.018 + rng.random() * 0.03 + i * 0.003
    # the last knock as the dice settle
    mix(out, thump(260, 180, 0.08, 0.02), t, 0.6)
    return fade(out[: int((t + 0.12) * SR)], 0.001, 0.04)


def s_hit() -> Buf:
    rng = rng_for("hit")
    sec = 0.9
    out = silence(sec)
    crack = burst(rng, 0.08, 0.012, 9000)
    body = mul(lowpass(noise(sec, rng), lambda t: 200 + 3500 * math.exp(-t / 0.08)), env_exp(int(sec * SR), 0.2, 0.002))
    mix(out, crack, 0, 0.8)
    mix(out, body, 0, 2.2)
    mix(out, thump(140, 38, 0.6, 0.18), 0, 1.0)
    return fade(soft_clip(normalise(out, 1.0), 1.8), 0.001, 0.12)


def s_unit_lost() -> Buf:
    rng = rng_for("unit_lost")
    sec = 1.8
    out = silence(sec)
    body = mul(lowpass(noise(sec, rng), lambda t: 120 + 2500 * math.exp(-t / 0.15)), env_exp(int(sec * SR), 0.45, 0.003))
    mix(out, burst(rng, 0.1, 0.02, 8000), 0, 0.8)
    mix(out, body, 0, 2.6)
    mix(out, thump(110, 30, 1.0, 0.35), 0, 1.2)
    # the falling tone: a sad descending wail under the rumble
    fall = mul(osc(lambda t: 420 * math.exp(-t / 0.7) + 70, 1.5, "tri"), adsr(int(1.5 * SR), 0.08, 0.3, 0.7, 0.6))
    mix(out, lowpass(fall, 1200), 0.1, 0.55)
    # a second, distant secondary explosion
    mix(out, mul(lowpass(noise(0.6, rng), 900), env_exp(int(0.6 * SR), 0.15)), 0.55, 0.9)
    return fade(soft_clip(normalise(out, 1.0), 1.6), 0.001, 0.25)


def s_initiative() -> Buf:
    out = silence(0.9)
    mix(out, brass(note("G4"), 0.2), 0.0)
    mix(out, brass(note("C5"), 0.62, bright=1.05), 0.18)
    mix(out, brass(note("E4"), 0.62, bright=0.8), 0.18, 0.5)
    return fade(echo(out, 0.11, 0.25, 3), 0.002, 0.1)


def s_victory() -> Buf:
    out = silence(2.3)
    seq = [("C5", 0.0, 0.16), ("C5", 0.17, 0.08), ("C5", 0.26, 0.08), ("E5", 0.35, 0.2),
           ("G5", 0.56, 0.2), ("E5", 0.77, 0.14), ("G5", 0.92, 0.14)]
    for n_, at, d in seq:
        mix(out, brass(note(n_), d + 0.04), at, 1.0)
    # final chord, held
    for n_, g in (("C6", 1.0), ("G5", 0.7), ("E5", 0.7), ("C5", 0.6), ("C4", 0.5)):
        mix(out, brass(note(n_), 1.15, bright=1.0 if g == 1.0 else 0.8), 1.08, g)
    # timpani roll into the chord
    rng = rng_for("victory")
    for i in range(8):
        mix(out, thump(110, 90, 0.3, 0.12), 0.75 + i * 0.045, 0.25 + i * 0.04)
    mix(out, thump(100, 82, 1.0, 0.4), 1.08, 0.9)
    mix(out, mul(highpass(noise(1.0, rng), 4000), env_exp(int(1.0 * SR), 0.25)), 1.08, 0.25)  # cymbal
    return fade(echo(out, 0.13, 0.22, 3)[: int(2.3 * SR)], 0.002, 0.3)


def s_defeat() -> Buf:
    out = silence(2.6)
    seq = [("G4", 0.0, 0.45), ("F4", 0.45, 0.45), ("Eb4", 0.9, 0.45), ("D4", 1.35, 1.1)]
    for n_, at, d in seq:
        mix(out, brass(note(n_), d, bright=0.65, vib=0.004), at, 0.9)
    # low minor pad under it
    for n_, g in (("C3", 0.5), ("G2", 0.45)):
        pad = mul(osc(note(n_), 2.5, "tri"), adsr(int(2.5 * SR), 0.4, 0.5, 0.6, 1.0))
        mix(out, lowpass(pad, 600), 0.0, g)
    mix(out, thump(70, 50, 1.2, 0.45), 1.35, 0.7)
    return fade(echo(out, 0.17, 0.25, 3)[: int(2.6 * SR)], 0.005, 0.4)


def bell(f0: float, sec: float, tau: float, partials=None) -> Buf:
    partials = partials or [(0.5, 0.6, 1.2), (1.0, 1.0, 1.0), (1.19, 0.5, 0.7), (1.56, 0.4, 0.55),
                            (2.0, 0.45, 0.5), (2.74, 0.28, 0.35), (3.76, 0.16, 0.25), (5.4, 0.08, 0.15)]
    n = int(round(sec * SR))
    out = [0.0] * n
    for ratio, amp, tf in partials:
        f = f0 * ratio
        if f > SR * 0.45:
            continue
        part = mul(osc(f, sec, phase=ratio * 0.13), env_exp(n, tau * tf, 0.001))
        mix(out, part, 0, amp)
    return fade(out, 0.001, min(0.15, sec * 0.3))


def s_turn() -> Buf:
    rng = rng_for("turn")
    sec = 2.0
    out = bell(note("A3"), sec, 0.7)
    # the strike
    mix(out, burst(rng, 0.03, 0.004, 5000), 0, 0.5)
    # a lighter second stroke, a fifth up
    mix(out, bell(note("E4"), 1.4, 0.5), 0.32, 0.45)
    return fade(out, 0.001, 0.3)


def s_error() -> Buf:
    out = silence(0.32)
    for at in (0.0, 0.16):
        b = mul(osc(150, 0.13, "square"), adsr(int(0.13 * SR), 0.005, 0.02, 0.8, 0.03))
        mix(out, lowpass(b, 900), at, 0.8)
    return fade(out, 0.002, 0.03)


def s_retreat() -> Buf:
    rng = rng_for("retreat")
    sec = 0.75
    out = silence(sec)
    # a whoosh that falls away
    wh = mul(lowpass(lowpass(noise(sec, rng), lambda t: 2200 * math.exp(-t / 0.2) + 200), 2500),
             adsr(int(sec * SR), 0.1, 0.2, 0.6, 0.35))
    mix(out, wh, 0, 0.35)
    # a falling bugle call: G4 E4 C4
    for n_, at in (("G4", 0.0), ("E4", 0.15), ("C4", 0.3)):
        mix(out, brass(note(n_), 0.16 if n_ != "C4" else 0.4, bright=0.75), at, 0.8)
    return fade(out, 0.003, 0.12)


def s_advance() -> Buf:
    rng = rng_for("advance")
    sec = 0.75
    out = silence(sec)
    wh = mul(lowpass(lowpass(noise(sec, rng), lambda t: 300 + 2200 * min(1.0, t / 0.35)), 2500),
             adsr(int(sec * SR), 0.25, 0.1, 0.5, 0.3))
    mix(out, wh, 0, 0.6)
    for n_, at in (("C5", 0.0), ("E5", 0.12), ("G5", 0.24)):
        mix(out, brass(note(n_), 0.13 if n_ != "G5" else 0.45, bright=1.0), at, 0.6)
    mix(out, thump(110, 60, 0.2, 0.06), 0.0, 0.5)
    return fade(out, 0.003, 0.12)


def s_bridge_blown() -> Buf:
    rng = rng_for("bridge_blown")
    sec = 2.0
    out = silence(sec)
    # blast
    mix(out, burst(rng, 0.1, 0.015, 9000), 0, 0.9)
    body = mul(lowpass(noise(1.4, rng), lambda t: 150 + 3000 * math.exp(-t / 0.12)), env_exp(int(1.4 * SR), 0.35, 0.002))
    mix(out, body, 0, 2.4)
    mix(out, thump(120, 32, 0.9, 0.3), 0, 1.2)
    # timbers cracking and falling: sharp splinters
    t = 0.18
    for i in range(9):
        sp = bandpass(burst(rng, 0.05, 0.008, 8000), 900 + rng.random() * 1500, 3)
        mix(out, sp, t, 2.2 * (1 - i * 0.08))
        t += 0.03 + rng.random() * 0.06
    # splash as the span hits the water
    spl = mul(lowpass(bandpass(noise(0.9, rng), 1500, 0.9), 3000), env_exp(int(0.9 * SR), 0.18, 0.015))
    mix(out, fade(spl, 0.01, 0.2), 0.9, 1.0)
    return fade(soft_clip(normalise(out[: int(sec * SR)], 1.0), 1.5), 0.001, 0.3)


# name: (synth function, what it is, peak level 0..1)
SOUNDS = {
    "click": (s_click, "UI select", 0.6),
    "move": (s_move, "counter slides: tread clank and thud", SFX_PEAK),
    "dice": (s_dice, "dice rattling on a table", SFX_PEAK),
    "hit": (s_hit, "explosion / impact (a hit)", SFX_PEAK),
    "unit_lost": (s_unit_lost, "bigger boom with a falling tone (unit eliminated)", SFX_PEAK),
    "initiative": (s_initiative, "brass two-note sting (initiative changes)", 0.8),
    "victory": (s_victory, "short triumphant fanfare", SFX_PEAK),
    "defeat": (s_defeat, "sombre descending motif", 0.8),
    "turn": (s_turn, "bell for a new turn", 0.8),
    "error": (s_error, "soft buzz for an illegal click", 0.4),
    "retreat": (s_retreat, "falling whoosh and bugle (retreat)", 0.8),
    "advance": (s_advance, "rising bugle (advance after combat)", 0.8),
    "bridge_blown": (s_bridge_blown, "blast, cracking timbers, splash", SFX_PEAK),
}


def dump_manifest(m: dict) -> str:
    """JSON with one line per file entry (easy to diff and read)."""
    lines = ["{"]
    keys = list(m)
    for i, k in enumerate(keys):
        end = "," if i < len(keys) - 1 else ""
        if k == "files":
            lines.append('  "files": {')
            items = list(m["files"].items())
            for j, (name, info) in enumerate(items):
                e = "," if j < len(items) - 1 else ""
                lines.append(f"    {json.dumps(name)}: {json.dumps(info, ensure_ascii=False)}{e}")
            lines.append("  }" + end)
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(m[k], ensure_ascii=False)}{end}")
    lines.append("}")
    return "\n".join(lines)


def generate(out_dir: Path, only: list[str] | None = None) -> dict:
    files = {}
    for name, (fn, what, peak) in SOUNDS.items():
        if only and name not in only:
            continue
        music = name.startswith("music_")
        buf = normalise(fn(), peak)
        path = out_dir / f"{name}.wav"
        write_wav(path, buf)
        files[f"{name}.wav"] = {
            "what": what,
            "kind": "music" if music else "sfx",
            "loop": music,
            "seconds": round(len(buf) / SR, 3),
            "peak": peak,
        }
    manifest = {"format": 1, "generator": GENERATOR, "rate": SR, "channels": 1,
                "sample_width": 2, "files": files}
    if not only:
        path = out_dir / "manifest.json"
        old = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        kept = {k: v for k, v in (old.get("files") or {}).items()       # the music's (tools/gen_music.py)
                if isinstance(v, dict) and v.get("generator", GENERATOR) != GENERATOR}
        path.write_text(dump_manifest(dict(manifest, files={**files, **kept})) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "audio")
    ap.add_argument("names", nargs="*", help="only these sounds (no manifest is written)")
    args = ap.parse_args(argv)
    m = generate(args.out, args.names or None)
    for name, info in m["files"].items():
        print(f"{args.out / name}: {info['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
