"""`8 x -7` is 8 times -7 where nothing makes the `x` an unknown.

People type `x` for times. Between a number and a signed one (`-8 x -7 - 60`) the grammar would
read `-8x - 7 - 60`, an unknown that nothing defines; where `x` is the question's only letter, no
`=` or word of algebra (`solve`, `simplify`, `equals`) is near and so nothing could give it a
value, the `x` is the sign a person meant.
"""

from __future__ import annotations

import re

#: `8 x -7`: an `x` between a number and a signed one, where it is the question's only letter
#: and no `=` gives it a value: times (`8x - 7` would ask for an unknown nothing defines).
_TIMES_X = re.compile(r"(?<=\d) x (?=-\d)")
_LETTER = re.compile(r"(?<![a-z'])[a-z](?![a-z'])")


#: Words that treat a letter as an unknown even without `=` (audit X: `simplify 2 x -3 + 4`).
_ALGEBRA = re.compile(r"\b(?:simplif|expand|factori[sz]|solve|equals?\b|equal to)")


def times(text: str) -> str:
    if "=" in text or _ALGEBRA.search(text) or len(_LETTER.findall(text)) != 1:
        return text
    return _TIMES_X.sub(" × ", text)
