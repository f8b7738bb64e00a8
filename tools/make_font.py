#!/usr/bin/env python3
"""Build fonts/SandtableSans-{Regular,Bold}.otf: subsets of Noto Sans CJK.

Needs Debian's ``fonts-noto-cjk`` (apt-get install fonts-noto-cjk) and
``fonttools`` (pip install fonttools, the project's ``tools`` extra).

The subset holds ASCII, Latin-1, general punctuation, the UI symbols, all
kana, the full-width forms, and every ideograph / Hangul syllable that
appears in the rules and seed texts (../shared), in the game data and code
(game/, maps/), plus a fixed list of UI words and a base set of common
characters (JIS X 0208 level-1 kanji, Big5 level-1 hanzi, KS X 1001 Hangul)
so that small text changes do not need a new font at once.

The family is renamed to "Sandtable Sans" (a Modified Version under the
SIL OFL 1.1 must not use the Reserved Font Name, which for Noto Sans CJK is
"Source"; "Noto" is also a Google trademark, so we drop it too). See
fonts/README.md.

Usage: python tools/make_font.py [--out DIR] [--region JP|KR|SC|TC|HK]
"""
from __future__ import annotations

import argparse
import glob
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

NOTO_DIR = Path("/usr/share/fonts/opentype/noto")
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
WEIGHTS = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
REGIONS = ["JP", "KR", "SC", "TC", "HK"]  # face order inside the .ttc
FAMILY = "Sandtable Sans"
PS_FAMILY = "SandtableSans"

# Upstream LICENSE of noto-cjk (github.com/notofonts/noto-cjk, Sans/LICENSE)
# opens with this line; the Debian copyright file carries only the licence
# text, so we restate it in OFL.txt.
UPSTREAM_NOTICE = (
    "Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n"
    "Noto is a trademark of Google Inc.\n"
)

# Symbols a UI uses (arrows, shapes, marks).
UI_SYMBOLS = "▲▼◀▶△▽◁▷●○◎◉■□◆◇★☆✓×·•–—…‹›«»←↑→↓↔↕⇐⇒⇔±÷°′″※♪♫✚"

# Symbols Noto Sans CJK lacks: we map them onto the glyph of a look-alike
# (a cmap entry only; no outline is changed).
ALIASES = {
    "✕": "×", "✖": "×", "✗": "×", "✘": "×",   # U+2715-2718 ballot / multiplication x
    "✔": "✓",                                 # heavy check mark
    "►": "▶", "◄": "◀",                       # pointers
    "⬤": "●",                                 # large circle
    "⟵": "←", "⟶": "→",                       # long arrows
}

# Common UI words (Japanese / Chinese traditional + simplified / Korean).
UI_WORDS = """
勝利 敗北 引き分け 手番 移動 戦闘 戰鬥 战斗 終了 结束 設定 设置 音量 音楽 効果音 音樂 音效
開始 开始 新しいゲーム 新遊戲 新游戏 続ける 繼續 继续 保存 儲存 读取 読み込み 讀取 載入 セーブ ロード
取り消し やり直し 元に戻す 復原 撤銷 撤销 重做 決定 確定 确定 取消 キャンセル 戻る 返回 はい いいえ 是 否
人間 玩家 電腦 电脑 コンピュータ 難易度 難度 难度 簡単 普通 困難 簡單 困難 简单 困难 強い 弱い
攻撃 攻擊 攻击 防御 防禦 退却 撤退 前進 追撃 追擊 前进 後退 砲兵 戦車 戰車 坦克 歩兵 步兵 騎兵 骑兵
自動車化 機械化 装甲 裝甲 偵察 補給 补给 弾薬 彈藥 弹药 指揮 指揮官 司令官 命令 司令 將領 将领
地図 地圖 地图 ルール 規則 规则 遊び方 説明 說明 说明 ヘルプ 幫助 帮助 ログ 記録 記錄 记录 再生 回放 リプレイ
ターン 回合 回合數 第 手 順 順番 次 フェイズ 階段 阶段 イニシアチブ 主導権 主導權 主动权
サイコロ 骰子 ダイス 命中 損害 損失 損耗 损失 除去 消滅 消灭 全滅 全滅 殲滅 歼灭
勝者 勝 負 敗 引分 和局 平局 平手 ゲーム終了 遊戲結束 游戏结束 おめでとう 恭喜
日本軍 ソ連軍 蒙古 満州国 滿洲國 清軍 清军 日軍 日军 源氏 平家 平氏 中央軍 中央军 反蔣 閻錫山 馮玉祥 蔣介石 汪精衛 李宗仁 張學良
橋 橋梁 桥 爆破 破壊 破壞 丘 川 河 森 町 都市 城 村 港 海 山 道 鉄道 鐵路 铁路 補給線
全画面 全螢幕 全屏 ウィンドウ 視窗 窗口 言語 語言 语言 日本語 中文 繁體 简体 한국어 English
デモ 演示 示範 終わる 終了する 退出 離開 离开 一時停止 暫停 暂停 速度 速い 遅い 快 慢
選択 選擇 选择 確認 确认 警告 錯誤 错误 エラー 不可 無効 無效 无效 合法 行動 行动 行為 パス 通過 跳過 跳过
승리 패배 무승부 차례 이동 전투 종료 설정 음량 음악 효과음 시작 새 게임 계속 저장 불러오기 취소 다시 확인 예 아니오
사람 컴퓨터 난이도 쉬움 보통 어려움 공격 방어 후퇴 전진 포병 전차 보병 기병 지도 규칙 도움말 기록 재생
턴 주사위 명중 손실 제거 승자 게임 종료 축하합니다 일본군 소련군 다리 폭파 언덕 강 언어 일시정지 속도 선택 오류
노몬한의 싸움 청일전쟁 요시쓰네 중원대전 수에즈 횡단
ノモンハンの戦い 日清戰爭 旭日與斜陽 日清戦争 甲午戰爭 義經 義経 源義経 中原大戰 中原大战 第四次中東戦争 贖罪日戰爭
"""


def _decode_range(codec: str, lead: range, trail: range) -> set[str]:
    out: set[str] = set()
    for a in lead:
        for b in trail:
            try:
                out.add(bytes([a, b]).decode(codec))
            except UnicodeDecodeError:
                pass
    return out


def base_chars() -> set[str]:
    """Fixed ranges and common-character sets (no data download needed)."""
    s: set[str] = set()
    s.update(chr(c) for c in range(0x20, 0x7F))            # ASCII
    s.update(chr(c) for c in range(0xA0, 0x100))           # Latin-1
    s.update(chr(c) for c in range(0x100, 0x180))          # Latin Extended-A (Ō ū Œ Ž)
    s.update(chr(c) for c in range(0x2000, 0x2070))        # general punctuation
    s.update(chr(c) for c in range(0x2190, 0x2200))        # arrows
    s.update(chr(c) for c in range(0x2200, 0x2270))        # common maths (− √ ≈ ≤ ≥)
    s.update(chr(c) for c in range(0x2460, 0x24A0))        # circled numbers ①
    s.update(chr(c) for c in range(0x2500, 0x2600))        # box drawing, blocks, geometric shapes
    s.update(chr(c) for c in range(0x3000, 0x3040))        # CJK symbols & punctuation
    s.update(chr(c) for c in range(0x3040, 0x3100))        # hiragana + katakana
    s.update(chr(c) for c in range(0x31F0, 0x3200))        # katakana phonetic extensions
    s.update(chr(c) for c in range(0xFF00, 0xFFF0))        # half/full-width forms
    s.update(UI_SYMBOLS)
    # JIS X 0208 level-1 kanji (rows 16-47): the common Japanese set.
    s |= _decode_range("euc_jp", range(0xB0, 0xD0), range(0xA1, 0xFF))
    # Big5 level-1 hanzi (0xA440-0xC67E): the 5,401 common Traditional Chinese characters.
    big5 = _decode_range("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
    s |= {c for c in big5 if 0x4E00 <= ord(c) <= 0x9FFF}
    # KS X 1001 Hangul syllables (the 2,350 in common use).
    s |= _decode_range("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
    return s


TEXT_SOURCES = [
    (SHARED / "rules", "*.md"),
    (SHARED / "seeds", "*.txt"),
]
CODE_SOURCES = [
    (ROOT / "game", "**/*.json"),
    (ROOT / "game", "**/*.py"),
    (ROOT / "game", "**/*.tmx"),
    (ROOT / "maps", "**/*.json"),
    (ROOT / "maps", "**/*.py"),
    (ROOT / "maps", "**/*.tmx"),
]


def is_wanted(ch: str) -> bool:
    o = ord(ch)
    return (
        0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF  # ideographs
        or 0x20000 <= o <= 0x3FFFF
        or 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F  # Hangul
        or 0x3000 <= o <= 0x30FF or 0xFF00 <= o <= 0xFFEF
        or 0x20 <= o < 0x3000  # Latin, punctuation, symbols; dropped later if the font lacks them
    )


def scanned_chars() -> tuple[set[str], list[str]]:
    chars: set[str] = set()
    files: list[str] = []
    for base, pattern in TEXT_SOURCES + CODE_SOURCES:
        for f in sorted(glob.glob(str(base / pattern), recursive=True)):
            try:
                text = Path(f).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            files.append(f)
            chars.update(c for c in text if is_wanted(c))
    return chars, files


def ofl_text(font_copyright: str) -> str:
    """The licence: notice lines + the OFL 1.1 text from Debian's copyright file."""
    raw = DEBIAN_COPYRIGHT.read_text(encoding="utf-8")
    lines = raw.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("License: SIL-1.1") and i > 0
                 and lines[i + 1].startswith(" ---"))
    body: list[str] = []
    for l in lines[start + 1:]:
        if l and not l.startswith(" "):
            break
        l = l[1:]
        body.append("" if l == "." else l)
    while body and not body[-1].strip():
        body.pop()
    head = (
        "Sandtable Sans is a subset of Noto Sans CJK (Regular and Bold),\n"
        "renamed as the SIL Open Font License 1.1 requires for Modified Versions.\n\n"
        f"{UPSTREAM_NOTICE}\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
        "This license is copied below, and is also available with a FAQ at:\n"
        "https://openfontlicense.org\n\n"
    )
    return head + "\n".join(body) + "\n"


def add_aliases(font) -> None:
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for alias, target in ALIASES.items():
            glyph = table.cmap.get(ord(target))
            if glyph is not None and ord(alias) not in table.cmap:
                if table.format == 4 and ord(alias) > 0xFFFF:
                    continue
                table.cmap[ord(alias)] = glyph


def rename(font, weight: str, src_name: str, src_version: str) -> None:
    name = font["name"]
    full = f"{FAMILY} {weight}"
    ps = f"{PS_FAMILY}-{weight}"
    # Drop every naming record that carries the original (reserved/trademarked) names.
    name.names = [r for r in name.names if r.nameID not in (1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 21, 22)]
    records = {
        1: FAMILY,
        2: weight,
        3: f"{src_version};SANDTABLE;{ps}",
        4: full,
        5: f"Version {src_version}; Sandtable subset of {src_name}",
        6: ps,
    }
    for nid, text in records.items():
        name.setName(text, nid, 3, 1, 0x409)
        name.setName(text, nid, 1, 0, 0)
    cff = font["CFF "].cff
    old = cff.fontNames[0]
    top = cff[old]
    cff.fontNames[0] = ps
    top.FullName = full
    top.FamilyName = FAMILY
    if hasattr(top, "Notice"):
        del top.Notice
    # CID-keyed: the FDArray font names carry the old PostScript name as a prefix.
    if hasattr(top, "FDArray"):
        for fd in top.FDArray:
            if hasattr(fd, "FontName") and fd.FontName.startswith(old):
                fd.FontName = ps + fd.FontName[len(old):]


def build(out_dir: Path, region: str) -> dict:
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTCollection

    scanned, files = scanned_chars()
    words = set(UI_WORDS) - set(" \n")
    wanted = base_chars() | scanned | words
    out_dir.mkdir(parents=True, exist_ok=True)
    report = {"files_scanned": len(files)}
    for weight, fname in WEIGHTS.items():
        path = NOTO_DIR / fname
        coll = TTCollection(str(path))
        font = coll.fonts[REGIONS.index(region)]
        src_name = font["name"].getDebugName(4)
        src_version = f"{font['head'].fontRevision:.3f}"
        copyright_ = font["name"].getDebugName(0)
        cmap = font.getBestCmap()
        have = sorted(ord(c) for c in wanted if ord(c) in cmap)
        missing = sorted(c for c in (scanned | words) if ord(c) not in cmap and not c.isspace())
        opts = Options()
        # pygame renders without shaping: keep only light features, not the
        # thousands of vertical / regional / alternate forms
        opts.layout_features = ["ccmp", "kern", "liga", "calt", "mark", "mkmk"]
        opts.name_IDs = ["*"]
        opts.name_languages = ["*"]
        opts.notdef_outline = True
        opts.recalc_timestamp = False
        opts.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
        sub = Subsetter(options=opts)
        sub.populate(unicodes=have)
        sub.subset(font)
        add_aliases(font)
        rename(font, weight, src_name, src_version)
        out = out_dir / f"{PS_FAMILY}-{weight}.otf"
        font.save(str(out), reorderTables=True)
        report[weight] = {"source": f"{path} [{src_name}]", "codepoints": len(have),
                          "bytes": out.stat().st_size, "missing": "".join(missing)}
        print(f"{out}: {len(have)} code points, {out.stat().st_size} bytes"
              + (f"; not in source font: {''.join(missing)!r}" if missing else ""))
    (out_dir / "OFL.txt").write_text(ofl_text(copyright_), encoding="utf-8")
    print(f"{out_dir / 'OFL.txt'} written; scanned {len(files)} text files")
    return report


SAMPLES = ["ノモンハンの戦い", "日清戰爭 旭日與斜陽", "義經", "中原大戰", "노몬한의 싸움",
           "Sandtable: Across Suez 1973", "▲▼◀▶●○■□★✓✕·–—…", "勝利 敗北 引き分け 手番 移動 戦闘 終了 設定 音量"]


def verify(out_dir: Path, sample_png: Path | None = None) -> list[str]:
    """Check the sample texts: every character in the cmap, and (when pygame
    is installed) rendered by FreeType with no missing glyph. Returns problems."""
    from fontTools.ttLib import TTFont

    problems = []
    for weight in WEIGHTS:
        path = out_dir / f"{PS_FAMILY}-{weight}.otf"
        cmap = TTFont(str(path), lazy=True).getBestCmap()
        for text in SAMPLES:
            miss = "".join(c for c in text if not c.isspace() and ord(c) not in cmap)
            if miss:
                problems.append(f"{path.name}: cmap lacks {miss!r}")
    try:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame
        import pygame.freetype
    except ImportError:
        return problems
    pygame.freetype.init()
    lines = []
    for weight in WEIGHTS:
        f = pygame.freetype.Font(str(out_dir / f"{PS_FAMILY}-{weight}.otf"), 28)
        for text in SAMPLES:
            miss = "".join(c for c, m in zip(text, f.get_metrics(text)) if m is None and not c.isspace())
            if miss:
                problems.append(f"{weight}: FreeType finds no glyph for {miss!r}")
            lines.append(f.render(text, fgcolor=(0, 0, 0), bgcolor=(255, 255, 255))[0])
    if sample_png is not None:
        sheet = pygame.Surface((max(l.get_width() for l in lines) + 20, sum(l.get_height() + 8 for l in lines) + 12))
        sheet.fill((255, 255, 255))
        y = 10
        for l in lines:
            sheet.blit(l, (10, y))
            y += l.get_height() + 8
        pygame.image.save(sheet, str(sample_png))
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "fonts", help="output folder (default fonts/)")
    ap.add_argument("--region", choices=REGIONS, default="JP",
                    help="which regional face of the .ttc supplies glyph shapes (default JP)")
    ap.add_argument("--sample", type=Path, default=None, help="also render the sample texts to this PNG")
    args = ap.parse_args(argv)
    for f in WEIGHTS.values():
        if not (NOTO_DIR / f).exists():
            print(f"missing {NOTO_DIR / f}: apt-get install fonts-noto-cjk", file=sys.stderr)
            return 2
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fonttools is needed: pip install fonttools (or pip install -e '.[tools]')", file=sys.stderr)
        return 2
    build(args.out, args.region)
    problems = verify(args.out, args.sample)
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    if not problems:
        print("verified: the sample titles render with no missing glyph")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
