# Sandtable: every target bootstraps .venv from this repo's own files.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play demo test soak strength bench bench-ai assets venv dist clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(PY) -m game play

demo: $(STAMP)
	$(PY) -m game demo $(DEMO_FLAGS)

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m "not soak and not strength" -n 2 --dist loadfile

# Random-game invariant soaks of every game (the soak marker), then 1,000 kiosk
# games back to back through the attract loop, headless (fails on any exception
# or an RSS growth of more than 10 % from game 100 to the end).
soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m soak -n 2
	$(PY) -m game demo --headless --games 1000 --seed 1 --max-growth 10

# The AI levels' strength targets and hard-against-hard balance, every game (hours on
# 2 cores). Each match goes into build/strength.jsonl as it ends; the table is printed
# from it at the end (python tools/strength_report.py build/strength.jsonl).
STRENGTH_REPORT ?= build/strength.jsonl
strength: $(STAMP)
	mkdir -p $(dir $(STRENGTH_REPORT)) && rm -f $(STRENGTH_REPORT)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy STRENGTH_REPORT=$(abspath $(STRENGTH_REPORT)) \
		$(PY) -m pytest -m strength -n 2 -s; rc=$$?; \
		$(PY) tools/strength_report.py $(STRENGTH_REPORT); exit $$rc

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game bench

# The AI levels' time per decision and per turn, and hard's simulations per second (wall-clock).
bench-ai: $(STAMP)
	$(PY) -m game bench --ai

# Regenerate art, sound and the font subset (needs the 'tools' extra).
assets: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,tools]'
	$(PY) tools/gen_tiles.py
	$(PY) tools/gen_sprites.py
	$(PY) tools/gen_audio.py
	$(PY) tools/gen_music.py

# A wheel and an sdist in dist/ (the maps, art, sound, fonts and catalogues inside: setup.py).
# Install the wheel anywhere: pip install dist/sandtable-*.whl, or pipx install dist/sandtable-*.whl
dist: $(STAMP)
	$(PY) -m pip install --quiet build
	rm -rf dist build
	$(PY) -m build --outdir dist .

clean:
	rm -rf $(VENV) .pytest_cache build dist
