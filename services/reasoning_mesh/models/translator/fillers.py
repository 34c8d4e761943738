"""What people wrap around a question: greetings, asks, thanks, `what … comes to`.

The translator reads only words it was trained on (a word it never saw could change what is
asked: `in octal`, `floored`), so the conversational words around a question must be in its
training data or every such question is refused. These wrappers carry no operation, no
grouping, no rounding direction and no number (a test holds them to that: `plus`, `total`,
`then`, `up`, `into`, `by`… are never among them), so a wrapped question reads as the bare one.
"""

from __future__ import annotations

import random

OPENERS = (
    "hey", "hi", "hello", "ok", "okay", "so", "right", "um", "hmm", "well", "yo", "hey there",
    "hi there", "quick one:", "quick question:", "question:", "easy one:", "another one:",
    "next one:", "sorry,", "excuse me,", "can someone help?", "help please:",
    "i'm stuck:", "homework question:", "maths question:", "math question:",
)  # fmt: skip
#: Before a question that starts with a question word (`what is …`, `how many …`).
ASKS = (
    "can you tell me", "could you tell me", "would you tell me", "please tell me", "do you know",
    "i'd like to know", "i would like to know", "i want to know", "i need to know",
    "i'm wondering", "i was wondering", "can you help me work out", "help me work out",
    "help me figure out", "can anyone tell me", "does anyone know", "let me know",
    "i'm trying to find out", "i'd love to know",
)  # fmt: skip
#: Before a bare phrase (`#1 plus #2`, `the sum of …`): `{}` is the phrase.
FRAMES = (
    "what {} comes to", "what {} makes", "what {} gives", "what {} works out as", "what {} equals",
    "{} makes what", "{} gives what", "{} comes to what", "{} works out as what",
    "what's the answer to {}", "what is the answer to {}", "the answer to {}", "i'd like {}",
    "i would like {}", "i need {}", "i want {}", "give me {}", "show me {}", "figure out {}",
    "help me with {}", "help me work out {}", "can you do {}", "could you do {}", "solve {}",
    "evaluate {}", "what do you get for {}", "what do i get for {}", "find me {}",
    "can you work out {}", "could you calculate {}", "would you calculate {}", "i'm after {}",
)  # fmt: skip
#: Asks whose answer is the frame: `can you tell me what 48 plus 27 comes to`.
FRAME_ASKS = ("can you tell me", "could you tell me", "tell me", "do you know", "i'd like to know",
              "i want to know", "please tell me", "any idea")  # fmt: skip
TAILS = (
    "for me", "please", "thanks", "thank you", "thx", "cheers", "if you can", "if you could",
    "if possible", "quickly", "real quick", "for my homework", "for homework", "i think",
    "pls", "plz", "when you get a chance", "for me please", "thanks a lot", "many thanks",
)  # fmt: skip
QUESTION_WORDS = ("what", "how", "what's", "whats")


def wrappers() -> tuple[tuple[str, ...], ...]:
    """Every kind of wrapper, for what must see them all (the data fingerprint, the symbolic
    reader)."""
    return (OPENERS, ASKS, FRAMES, FRAME_ASKS, TAILS)


def converse(rng: random.Random, text: str, *, bare: bool) -> str:
    """`text` (lower case, no end punctuation yet) with what people wrap around it, or as is."""
    if bare and rng.random() < 0.15:
        text = rng.choice(FRAMES).format(text)
        if text.startswith("what ") and rng.random() < 0.3:
            text = f"{rng.choice(FRAME_ASKS)} {text}"
    elif text.startswith(QUESTION_WORDS) and rng.random() < 0.1:
        text = f"{rng.choice(ASKS)} {text}"
    if text.startswith("what's ") and rng.random() < 0.15:
        text = "whats " + text[len("what's ") :]
    if rng.random() < 0.1:
        text = f"{rng.choice(OPENERS)} {text}"
    if rng.random() < 0.1:
        text = f"{text.rstrip('?.! ')}{rng.choice([' ', ', '])}{rng.choice(TAILS)}"
    return text
