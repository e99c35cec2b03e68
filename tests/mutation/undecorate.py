"""Claims registered by a decorator, rewritten for mutmut as a registration after the function.

mutmut leaves every decorated function unmutated (mutmut/mutation/file_mutation.py: a decorator
runs at definition time, and a trampoline cannot stand in for the function it wraps). A lab's
claims are registered with `@CLAIMS.claim(...)`, so without this the verdicts and sentences a
page prints would never be mutated, and a module's kill rate would count its helpers only. In
the mutation tree only,

    @CLAIMS.claim("name", condition="...")          def decide(run, subject): ...
    def decide(run, subject): ...            ->     decide = CLAIMS.claim("name", condition="...")(decide)

which registers the same claim, in the same order, under the same name.
"""

from __future__ import annotations

import libcst as cst


def is_registration(decorator: cst.BaseExpression) -> bool:
    """`X.claim(...)`: a registry's claim decorator, called with the claim's name."""
    return (isinstance(decorator, cst.Call) and isinstance(decorator.func, cst.Attribute)
            and decorator.func.attr.value == "claim")


def undecorate_registrations(source: str) -> str:
    module = cst.parse_module(source)
    body: list[cst.BaseStatement] = []
    for statement in module.body:
        if (isinstance(statement, cst.FunctionDef) and len(statement.decorators) == 1
                and is_registration(statement.decorators[0].decorator)):
            registry_call = statement.decorators[0].decorator
            body.append(statement.with_changes(decorators=[]))
            body.append(cst.SimpleStatementLine([cst.Assign(
                [cst.AssignTarget(statement.name)], cst.Call(registry_call, [cst.Arg(statement.name)]))]))
        else:
            body.append(statement)
    return module.with_changes(body=body).code
