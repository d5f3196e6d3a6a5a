#!/usr/bin/env python3
"""Writes the benchmark models of scripts/relational-table for a given N:
mutual exclusion (ICSE 2006 §3) and Ant's topological sort (§4).

usage: relational-models.py mutex|toposort N  (the model goes to stdout)
"""
import sys


def mutex(n):
    return f"""// Mutual exclusion with ordered acquisition, {n} processes and {n} mutexes.
enum mutex[{n}];
enum process[{n}];
process->mutex has;
process->mutex wait;

toplevel void ReleaseMutex(process p, mutex m) {{
    if (no p.wait) && (m in p.has) {{ p.has := p.has - m; }}
}}
toplevel void GrabMutex(process p, mutex m) {{
    if (p.wait == m) && (no has.m) {{ p.has := p.has + m; p.wait := emptyset; }}
}}
toplevel void Wait(process p, mutex m) {{
    if (no p.wait) && (p.has < m) {{ p.wait := m; }}
}}
assert !bad && (no has+wait) => !bad && AG (all m: mutex | sole has.m);
assert !bad && (no has+wait)
    => !bad && AG all p: process | all m: mutex | (p->m in wait) => (EF p->m in has);
"""


def toposort(n):
    width = max(2, (n + 1).bit_length())
    return f"""// Ant's topological sort with {n} nodes.
enum Node[{n}];
enum Label {{ VISITING, VISITED }};
Node->lone Label label;
Node->Node dependOn;
uint<{width}> length;
uint<{width}>->lone Node list;

pred has_cycle() {{ some t1: Node | t1 in t1.^dependOn }}

void tsort(Node S) {{
    S.label := VISITING;
    foreach Y: S.dependOn {{
        if (no Y.label) tsort(Y); else if (Y.label == VISITING) bad := true;
    }}
    S.label := VISITED;
    list := list + length->S;
    if (length > {n}) bad := true; else length++;
}}

toplevel void topoSort() {{
    bad := false;
    length := 0;
    label := emptyset;
    list := emptyset;
    tsort(Node1);
    foreach S: Node {{
        if (no S.label) tsort(S); else if (S.label == VISITING) bad := true;
    }}
}}

assert !bad && !has_cycle() => AX (!bad && (all S: Node | one list.S));
assert all a, b: Node | (!bad && !has_cycle() && b in a.^dependOn)
    => AX (!bad && one list.a && one list.b && list.b < list.a);
assert all S: Node | (!bad && !has_cycle() && S != Node1 && S !in Node1.^dependOn)
    => (!bad && (AX list.Node1 < list.S));
assert !bad && !has_cycle() => (AX !bad);
assert !bad && has_cycle() => (AX bad);
"""


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("mutex", "toposort"):
        sys.exit(__doc__)
    sys.stdout.write({"mutex": mutex, "toposort": toposort}[sys.argv[1]](int(sys.argv[2])))
