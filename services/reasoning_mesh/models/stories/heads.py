"""The story model's heads: K multinomial logistic regressions over the templates, each fitted on
its own bootstrap sample of the training stories, so that K heads agreeing is K fits that did
not see the same data (the planner's `min_agree`, as for the translation model's samples).

Class 0 is `-`: no template (the story is not one expression over its numbers, or is no
arithmetic at all); questions out of the mesh's domain are trained into it.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from reasoning_mesh.models.stories.operands import arity

NONE = "-"


@dataclass(frozen=True)
class HeadsRecipe:
    heads: int = 5
    l2: float = 0.05  # inverse strength, as scikit-learn's C: the penalty is |W|^2 / (2 C N)
    iterations: int = 150
    seed: int = 2718


class Heads(torch.nn.Module):
    def __init__(self, classes: list[str], width: int, heads: int) -> None:
        super().__init__()
        if classes[0] != NONE:
            raise ValueError("class 0 must be the refusal '-'")
        self.classes = classes
        self.mean = torch.nn.Parameter(torch.zeros(heads, width), requires_grad=False)
        self.scale = torch.nn.Parameter(torch.ones(heads, width), requires_grad=False)
        self.weight = torch.nn.Parameter(torch.zeros(heads, len(classes), width))
        self.bias = torch.nn.Parameter(torch.zeros(heads, len(classes)))
        self.arities = torch.tensor([0 if c == NONE else arity(c) for c in classes])

    def forward(self, x: torch.Tensor, operands: torch.Tensor) -> torch.Tensor:
        """Probabilities [heads, batch, classes]; a template of another arity than the story's
        operand count has probability 0."""
        z = (x.unsqueeze(0) - self.mean.unsqueeze(1)) / self.scale.unsqueeze(1)
        logits = torch.einsum("hbw,hcw->hbc", z, self.weight) + self.bias.unsqueeze(1)
        fits = (self.arities.unsqueeze(0) == operands.unsqueeze(1)) | (self.arities == 0)
        logits = logits.masked_fill(~fits.unsqueeze(0), float("-inf"))
        return logits.softmax(-1)


def fit(x: torch.Tensor, y: torch.Tensor, classes: list[str], recipe: HeadsRecipe) -> Heads:
    """`x` [N, width] features, `y` [N] class indices."""
    heads = Heads(classes, x.shape[1], recipe.heads)
    gen = torch.Generator().manual_seed(recipe.seed)
    n = len(x)
    for h in range(recipe.heads):
        idx = torch.randint(n, (n,), generator=gen)
        xs, ys = x[idx], y[idx]
        mean, scale = xs.mean(0), xs.std(0).clamp_min(1e-6)
        z = (xs - mean) / scale
        w, b = _one(z, ys, len(classes), recipe.iterations, 1.0 / (2.0 * recipe.l2 * n))
        with torch.no_grad():
            heads.mean[h], heads.scale[h] = mean, scale
            heads.weight[h], heads.bias[h] = w, b
    return heads


def _one(
    z: torch.Tensor, y: torch.Tensor, classes: int, iterations: int, penalty: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """One head: L2-penalised softmax regression on standardised features, by L-BFGS."""
    w = torch.zeros(classes, z.shape[1], requires_grad=True)
    b = torch.zeros(classes, requires_grad=True)
    opt = torch.optim.LBFGS([w, b], max_iter=iterations, line_search_fn="strong_wolfe")

    def closure() -> torch.Tensor:
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(z @ w.T + b, y, reduction="sum") / len(z)
        loss = loss + penalty * (w * w).sum()
        loss.backward()  # type: ignore[no-untyped-call]
        return loss

    opt.step(closure)  # type: ignore[no-untyped-call]
    return w.detach(), b.detach()
