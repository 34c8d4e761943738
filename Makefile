# reasoning-mesh: `make demo` installs everything and runs the main job; `make test` runs the suite.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
export RMESH_HOME ?= .rmesh

.PHONY: install demo up down status test test-unit lint schemas bench-mesh bench-reasoning bench-learning bench-model bench-restore bench-natural bench-translation bench-chaos bench-fuzz bench-overload bench-scaling train train-translator train-stories clean

install: $(VENV)/.installed infra/kafka/lib/.fetched

# pip's cache (~/.cache/pip) and Maven's local repository (~/.m2) are kept between runs, so a
# reinstall downloads nothing.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[dev]"
	touch $@

infra/kafka/lib/.fetched: infra/kafka/pom.xml
	mvn -q -B -f infra/kafka/pom.xml dependency:copy-dependencies
	touch $@

demo: install
	$(BIN)/rmesh up
	$(BIN)/rmesh kb ingest
	rm -f $(RMESH_HOME)/demo-results.jsonl
	$(BIN)/rmesh batch infra/kb/demo_queries.jsonl --out $(RMESH_HOME)/demo-results.jsonl
	$(BIN)/python -c "import json,sys; [print(r['id'], '->', r['status'], [(e['doc_id'], e['score']) for e in r['evidence']]) for r in map(json.loads, open(sys.argv[1]))]" $(RMESH_HOME)/demo-results.jsonl
	$(BIN)/rmesh trace demo-1
	@echo "--- questions as people write them, each with its reasoning tree ---"
	$(BIN)/rmesh ask --quiet --no-feedback "What is 56 plus 29?"
	$(BIN)/rmesh ask --quiet --no-feedback "If 2x + 9 = 15, what is x?"
	$(BIN)/rmesh ask --quiet --no-feedback "How many millilitres are in 3.5 litres?"
	@echo "--- a phrasing the grammar cannot read: the translation model reads it, the trace says so ---"
	$(BIN)/rmesh ask --quiet --no-feedback "How many times does 7 go into 91?"
	@echo "--- a story, no operation named: the story model reads it, the trace says so ---"
	$(BIN)/rmesh ask --quiet --no-feedback "Knitting a blanket - 12 rows, 84 stitches per row. How many stitches is that in total?"
	@echo "--- rounding is the skill continual learning adds: until its adapter is loaded the verifier"
	@echo "    rejects the base model's guesses (failed, exit 1: never a wrong answer) ---"
	$(BIN)/rmesh ask --quiet --no-feedback "Round 8.6 to the nearest whole number."; test $$? -le 1
	@echo "--- a question it cannot answer: refused, no number (rmesh ask exits 3) ---"
	$(BIN)/rmesh ask --quiet --no-feedback "What is the capital of France?"; test $$? -eq 3

up: install
	$(BIN)/rmesh up

down:
	$(BIN)/rmesh down

status:
	$(BIN)/rmesh status

# Unit, stream and integration tiers; integration starts its own broker and tritonserver.
# pytest exits 5 when it collected nothing, which fails this target as it should (each run).
# The unit and stream tiers are pure CPU and share nothing, so they run on every core
# (pytest-xdist; at most four workers, each imports torch); the integration tier runs alone,
# after them, on one broker and one tritonserver (a unit failure stops `make test` first).
test: test-unit
	$(BIN)/pytest -m integration

test-unit: install
	$(BIN)/pytest -m "not integration" -n auto --maxprocesses=4

lint: install
	$(BIN)/ruff check services tests model_repository
	$(BIN)/mypy

schemas: install
	$(BIN)/rmesh schemas export
	$(BIN)/rmesh kb generate

bench-mesh: install
	$(BIN)/rmesh up
	$(BIN)/rmesh bench mesh --json bench-mesh.json

bench-reasoning: install
	$(BIN)/rmesh up
	$(BIN)/rmesh kb ingest
	$(BIN)/rmesh bench reasoning --json bench-reasoning.json --input ../shared/benchmarks/math_public.jsonl --limit 0

bench-learning: install
	$(BIN)/rmesh up
	$(BIN)/rmesh bench learning --json bench-learning.json

bench-model: install
	$(BIN)/rmesh bench model --json bench-model.json

bench-restore: install
	$(BIN)/rmesh up
	$(BIN)/rmesh bench restore --json bench-restore.json

# Starts its own stack (three brokers, replicas, its own ports and home): about 40 minutes.
bench-natural: install
	$(BIN)/rmesh bench natural --json bench-natural.json

# Held-out phrasings read by the grammar alone and with the translation model (offline).
bench-translation: install
	$(BIN)/rmesh bench translation --json bench-translation.json

bench-chaos: install
	$(BIN)/rmesh bench chaos --json bench-chaos.json

# Each starts its own stack (own home and ports): a few minutes, about 4, about 12.
bench-fuzz: install
	$(BIN)/rmesh bench fuzz --json bench-fuzz.json

bench-overload: install
	$(BIN)/rmesh bench overload --json bench-overload.json

bench-scaling: install
	$(BIN)/rmesh bench scaling --json bench-scaling.json

# Reproduces the committed checkpoint: phases 1-2 on the broad step mix, then phases 3-4 resumed
# on the `focus` mix (the planner's hard step shapes), phase 5 on `focus-cancel` (plus nearly
# cancelling sums), phase 6 on `rehearse` (half the broad mix again), phase 7 on `fractions`
# (wide reductions to lowest terms, fraction-by-integer steps), phases 8-9 on `settle` and
# `quotients` (exact quotients of long dividends, then of 4-digit divisors, beside fractions),
# phase 10 on `products` (integers, decimals and fractions multiplied), phase 11 on `routes` (the
# steps the verifier's cancellation and distribution routes ask), phase 12 on `notation` (step
# format 2: the prompt names the notation due, `C:` exact or `D:` decimal, every earlier mix
# restyled, plus long conversion steps); every recipe is in its manifest.
SPLIT = --question-share 0.04
train: install
	$(BIN)/rmesh train --out .rmesh/train/phase1 --steps 2400 --seed 1234
	$(BIN)/rmesh train --resume .rmesh/train/phase1 --out .rmesh/train/phase2 --steps 3600 --seed 4321 --lr 0.0012
	$(BIN)/rmesh train --resume .rmesh/train/phase2 --out .rmesh/train/phase3 --steps 3000 --seed 777 --lr 0.001 --mix focus --warmup 100 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase3 --out .rmesh/train/phase4 --steps 3600 --seed 778 --lr 0.0008 --mix focus --warmup 100 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase4 --out .rmesh/train/phase5 --steps 2600 --seed 779 --lr 0.0006 --mix focus-cancel --warmup 100 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase5 --out .rmesh/train/phase6 --steps 1000 --seed 780 --lr 0.0004 --mix rehearse --warmup 50 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase6 --out .rmesh/train/phase7 --steps 3000 --seed 781 --lr 0.0006 --mix fractions --warmup 100 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase7 --out .rmesh/train/phase8 --steps 2000 --seed 782 --lr 0.0004 --mix settle --warmup 50 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase8 --out .rmesh/train/phase9 --steps 1500 --seed 783 --lr 0.0003 --mix quotients --warmup 50 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase9 --out .rmesh/train/phase10 --steps 3000 --seed 784 --lr 0.0004 --mix products --warmup 100 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase10 --out .rmesh/train/phase11 --steps 3000 --seed 785 --lr 0.0004 --mix routes --warmup 100 $(SPLIT)
	$(BIN)/rmesh train --resume .rmesh/train/phase11 --out .rmesh/train/phase12 --steps 2000 --seed 786 --lr 0.0004 --mix notation --warmup 100 --threads 1 $(SPLIT)

# The translation model (questions as people write them → the planner's phrasing): one phase.
train-translator: install
	$(BIN)/rmesh train-translator --out .rmesh/train/translator

# The story model (a story → one expression over its numbers): heads on the frozen MiniLM encoder.
train-stories: install
	$(BIN)/rmesh train-stories --out .rmesh/train/stories

clean: down
	rm -rf $(RMESH_HOME)
