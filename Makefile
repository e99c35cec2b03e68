# The course's commands. `make site` builds everything from nothing; `make test` tests it.
# `make help` prints the lines below that start with `#   make`.
#   make site                 set up .venv, run stale labs on this machine's device, build site/
#   make labs [LAB=x] [DEVICE=cpu|cuda] [PRESET=full|smoke] [FORCE=1]
#                             run the labs whose result is missing, stale or from another machine
#                             (a lab interrupted earlier resumes at its first unfinished part; FORCE=1 starts fresh)
#   make build                build site/ from the results already in results/ (no lab runs)
#   make serve                live preview on http://127.0.0.1:8000 (re-renders when results/ change)
#   make venv                 only set up .venv (make site does it first; TORCH_INDEX_URL=... for a CPU-only torch)
#   make lint                 ruff, with the settings in pyproject.toml
#   make test-fast            lint, then the fast tier: engine, measuring code, escaping, cohorts (< 3 min)
#   make test                 the fast tier, then the slow one (labs in their smoke preset, strict build, browser)
#   make visible              what a reader sees, in headless Chromium, the site under a sub-path
#   make mutation             mutmut over the fast tier (BUDGET=seconds, MODULES="labs/common/measure.py ...")
#   make mutation-check       scenario breaks (a hook, the built site, the browser) a test must catch
#   make test-gpu             on a GPU machine (python3 with torch, no venv): the GPU tests, summary in tests/gpu/
#   make gpu-results [LAB=x]  on a bare GPU machine: every lab on cuda, packed for `course import` (OUT=folder;
#                             resumes; FORCE=1 starts fresh; one lab after another, SIDE_BY_SIDE=1 one per GPU)
#   make clean                remove site/, .work/, caches and screenshots/ (results/ stay)
#   make help                 this list

.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PRESET ?= full
DEVICE ?= auto
export NO_MKDOCS_2_WARNING := 1
# `labs` sits at the root, the engine `course` in scripts/ (the venv's course.pth says the same).
export PYTHONPATH := $(CURDIR):$(CURDIR)/scripts

# The settings a command line may give. Make ignores a name it does not use, so a typo (`lab=x`,
# `LAB_=x`) would silently become `make labs` of every lab (22 minutes): refuse it instead.
SETTINGS := LAB LABS DEVICE PRESET FORCE SIDE_BY_SIDE TORCH_INDEX_URL PYTHON SITE_URL BUDGET MODULES OUT
did_you_mean = $(filter $(shell echo '$(1)' | tr a-z A-Z),$(SETTINGS))
$(foreach name,$(.VARIABLES),$(if $(filter command line,$(origin $(name))),$(if $(filter $(name),$(SETTINGS)),,\
  $(error unknown setting '$(name)'$(if $(call did_you_mean,$(name)), (did you mean $(call did_you_mean,$(name))=?)): \
  the settings are $(SETTINGS); make help lists the commands))))
$(if $(filter-out full smoke,$(PRESET)),$(error PRESET=$(PRESET): a preset is full or smoke))
$(if $(filter-out auto cpu cuda,$(DEVICE)),$(error DEVICE=$(DEVICE): a device is cpu or cuda (auto, the default: cuda when PyTorch sees a GPU)))

# LAB may name several labs (LAB="explain capstone"); LABS is the same, as gpu-results spells it.
LAB_ARGS = --device $(DEVICE) --preset $(PRESET) $(foreach lab,$(LAB) $(LABS),--lab $(lab)) $(if $(FORCE),--force)

.PHONY: help site labs build serve test test-fast test-slow test-gpu lint clean browser venv gpu-results mutation \
	mutation-check visible

help:
	@sed -n 's/^#   make/make/p; s/^#                             /                          /p' $(firstword $(MAKEFILE_LIST))

venv: $(STAMP)

# Where PyTorch's wheel comes from. Empty (the default): pip's own index, which on Linux gives
# the CUDA build (several GB with its NVIDIA libraries); on macOS and Windows the CPU build.
# For the CPU-only build on Linux (about 750 MB): make venv TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu
TORCH_INDEX_URL ?=
TORCH_PIN := $(shell grep -m1 '^torch==' requirements.txt)

$(STAMP): requirements.txt constraints.txt
	@echo "Setting up $(VENV): PyTorch, MkDocs Material, plotly, pytest — from 1.3 GB (CPU build) to several GB (Linux, CUDA build): see README."
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "$(PYTHON) is missing or older than Python 3.11 (the course and $(TORCH_PIN) need 3.11+): name another, as in make site PYTHON=python3.12"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(if $(TORCH_INDEX_URL),$(PY) -m pip install --quiet --progress-bar on "$(TORCH_PIN)" --index-url $(TORCH_INDEX_URL))
	$(PY) -m pip install --quiet --progress-bar on -r requirements.txt -c constraints.txt
	$(PY) -c "import site, pathlib; pathlib.Path(site.getsitepackages()[0], 'course.pth').write_text('$(CURDIR)\n$(CURDIR)/scripts\n')"
	touch $(STAMP)

labs: $(STAMP)
	$(PY) -m course run $(LAB_ARGS)

# A lab that fails is recorded as failed; the strict build then stops and names it.
# The build is skipped when nothing it reads changed since the last one (course/site_inputs.py).
# No --quiet: with it MkDocs 1.6 does not count warnings, and --strict lets a broken page through.
MKDOCS_BUILD := $(VENV)/bin/mkdocs build --strict
site: $(STAMP)
	@$(PY) -m course run $(LAB_ARGS) $(if $(FORCE),,--keep-other-machines) || echo "some labs failed: the build below names them"
	@if [ -z "$(FORCE)" ] && $(PY) -m course site check; then :; else \
	  rm -f site/.build-inputs; $(MKDOCS_BUILD) && $(PY) -m course site record; fi

build: $(STAMP)
	$(MKDOCS_BUILD)

serve: $(STAMP)
	$(VENV)/bin/mkdocs serve --watch results --watch labs --watch scripts --watch cohorts

# Headless Chromium for the browser tests, from Debian's package.
browser:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

lint: $(STAMP)
	$(VENV)/bin/ruff check .

# Tiers: tests/conftest.py marks a test slow when it runs a lab, builds the site or opens the
# browser (or says @pytest.mark.slow); everything else is the fast tier.
# The fast tier on every core, a test file per worker (a file's fixtures are built once); the
# slow tier stays serial: its labs time themselves, and a neighbour would move their numbers.
FAST_TIER := $(PY) -m pytest -q -m "not slow" -n auto --dist loadfile tests
SLOW_TIER := $(PY) -m pytest -q -m slow tests
test-fast: $(STAMP) lint
	$(FAST_TIER)

test-slow: $(STAMP) browser
	$(SLOW_TIER)

test: $(STAMP) browser lint
	$(FAST_TIER)
	$(SLOW_TIER)

# Mutation testing with mutmut over the fast tier, module by module, within a time budget;
# its report is tests/mutation/REPORT.md (see tests/mutation/README.md).
BUDGET ?= 1800
mutation: $(STAMP)
	$(PY) tests/mutation/run.py --budget $(BUDGET) $(MODULES)

# Scenario breaks mutmut cannot make (a hook, the site build, the browser): scripts/mutations.toml.
mutation-check: $(STAMP) browser
	$(PY) scripts/mutation_check.py

# The GPU-only tests, with the machine's own python3 (torch with CUDA; pytest if it has it).
# Writes tests/gpu/SUMMARY.json, which the fast tier checks against the measuring code: commit it.
test-gpu:
	python3 tests/gpu/run.py

# Needs only python3 with torch: no venv. OUT and LABS are optional (see scripts/gpu-results).
gpu-results:
	scripts/gpu-results $(if $(FORCE),--fresh) $(if $(SIDE_BY_SIDE),--side-by-side) $(or $(OUT),/tmp/course-gpu) $(LAB) $(LABS)

# What a person sees: every page at two widths in both languages, served under a sub-path.
visible: $(STAMP) browser
	$(PY) -m pytest -q tests/test_visible.py

clean:
	rm -rf site .work .cache .pytest_cache .ruff_cache .hypothesis screenshots
