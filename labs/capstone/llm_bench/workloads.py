"""What the benchmark asks the models to do.

The seed's four workloads were written for a real tokenizer and a chat model. The
GPT-2-small-shaped model here has random weights and no tokenizer, so each workload becomes
what it costs a server: a prompt of so many tokens and an answer of so many. Prompt lengths
are the seed's prompts counted in GPT-2's BPE tokens, by hand (about one token per word, one
per punctuation mark, a few more for rare words); output lengths are the seed's max_tokens.

The grammar MiniGPT gets real prompts instead: held-out verbs to conjugate, whose answers
can be checked.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from labs.common import grammar


@dataclass(frozen=True)
class Workload:
    name: str
    prompt_tokens: int
    max_new_tokens: int
    seed_prompt: str            # what the seed's prompt said, for the page

    def scaled(self, scale: float) -> Workload:
        """A shorter answer for a slow machine: the same prompt, scale x the output tokens."""
        return Workload(self.name, self.prompt_tokens, max(2, round(self.max_new_tokens * scale)), self.seed_prompt)

    def prompt_ids(self, vocab_size: int) -> list[int]:
        generator = torch.Generator().manual_seed(self.prompt_tokens)
        return torch.randint(vocab_size, (self.prompt_tokens,), generator=generator).tolist()


WORKLOADS = {w.name: w for w in (
    Workload("chat_short", 7, 64, "Explain quicksort in two sentences."),
    Workload("chat_long", 9, 512, "Write a detailed guide to backpropagation."),
    Workload("code_gen", 8, 256, "Write a Python B-tree implementation."),
    Workload("summarize", 505, 128, "Summarize: followed by the word 'word' 500 times"),
)}


@dataclass(frozen=True)
class GrammarPrompt:
    text: str          # what the model reads: a line break, then "verb person tense = "
    answer: str        # the conjugated form it should write before the next line break
    example: grammar.Example


def grammar_prompts(count: int) -> list[GrammarPrompt]:
    """`count` held-out conjugations spread over the validation verbs, tenses and persons.

    Each prompt starts a new line, as a line of the corpus does; a short context keeps prompt
    plus answer inside the MiniGPT's 64-character window, which a KV cache cannot slide.
    """
    val = grammar.build_corpus().val
    chosen = val[:: max(1, len(val) // count)][:count]
    return [GrammarPrompt(grammar.END + e.prompt, e.answer, e) for e in chosen]
