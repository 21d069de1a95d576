#!/usr/bin/env python3
"""The JSON FabricPlan writes matches its published schemas (data/schema/*.schema.json).

For every example design in data/examples the CLI writes `plan --json` and `compare --json`; the
outputs are validated against the plan and comparison schemas, and every example design file
against the design schema. Then deliberately broken copies (a key removed, a number turned into a
string, an unknown field, ...) must FAIL validation, so a schema that accepts anything cannot pass.
Each broken design is also given to `fabricplan-cli validate`, which must refuse it or warn about
it too: the design schema and the real reader agree.

Usage: check_json_schema.py CLI CATALOG SCHEMA_DIR EXAMPLES_DIR OUT_DIR
Exit status: 0 all good, 1 a check failed, 2 usage, 77 python3-jsonschema is not installed (skip).

Written for jsonschema 4.10 (Debian 12's python3-jsonschema) and newer: Draft202012Validator and
iter_errors only; cross-file $refs resolve through a `referencing` registry where jsonschema has one
(4.18+) and through RefResolver with a store of the three schemas otherwise. No schema is fetched.
"""
import copy
import importlib.metadata
import json
import os
import subprocess
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:
    print("SKIP: python3-jsonschema is not installed (packaging/install-deps.sh installs it)")
    sys.exit(77)

SCHEMA_FILES = {
    "design": "fabricplan-design.schema.json",
    "plan": "fabricplan-plan.schema.json",
    "comparison": "fabricplan-comparison.schema.json",
}

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def where(error):
    path = "/" + "/".join(str(p) for p in error.absolute_path)
    return path


def describe(errors, limit=5):
    lines = ["    at %s: %s" % (where(e), e.message[:300]) for e in errors[:limit]]
    if len(errors) > limit:
        lines.append("    ... and %d more" % (len(errors) - limit))
    return "\n".join(lines)


def load_schemas(schema_dir):
    schemas = {}
    for kind, name in SCHEMA_FILES.items():
        path = os.path.join(schema_dir, name)
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as e:
            fail("%s is not a valid draft 2020-12 schema: %s" % (name, e.message))
            continue
        schemas[kind] = schema
    return schemas


def make_validators(schemas):
    by_id = {s["$id"]: s for s in schemas.values()}
    try:  # jsonschema >= 4.18
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012
        registry = Registry().with_resources(
            [(sid, DRAFT202012.create_resource(s)) for sid, s in by_id.items()])
        return {k: Draft202012Validator(s, registry=registry) for k, s in schemas.items()}
    except (ImportError, TypeError):  # jsonschema 4.10 .. 4.17
        return {k: Draft202012Validator(s, resolver=jsonschema.RefResolver(s["$id"], s, store=dict(by_id)))
                for k, s in schemas.items()}


def errors_of(validator, doc):
    return sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))


def expect_valid(validator, doc, label):
    errors = errors_of(validator, doc)
    if errors:
        fail("%s does not match its schema (%d errors):\n%s" % (label, len(errors), describe(errors)))
        return False
    print("ok: %s matches its schema" % label)
    return True


def expect_invalid(validator, doc, label, at):
    """The broken document must fail, with an error reported at JSON path `at` or inside it (so it
    fails for the reason it was broken, not by accident)."""
    errors = errors_of(validator, doc)
    if not errors:
        fail("broken document accepted: %s (the schema is too loose)" % label)
        return
    inside = [e for e in errors if where(e) == at or where(e).startswith(at.rstrip("/") + "/")]
    if not inside:
        fail("broken document %s failed, but not at %s:\n%s" % (label, at, describe(errors)))
        return
    first = inside[0]
    print("ok: rejected %s -- at %s: %s" % (label, where(first), first.message[:200]))


def run(cmd, env):
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=240)
    return r.returncode, r.stdout + r.stderr


def read_json(path, label):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: cannot read the JSON the CLI wrote: %s" % (label, e))
        return None


# ---- broken documents: (label, JSON path that must be reported, function that breaks a copy) ----

def _set(path, value):
    def mutate(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return mutate


def _del(path):
    def mutate(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return mutate


def ptr(path):
    return "/" + "/".join(str(p) for p in path)


PLAN_BREAKS = [
    ("plan without capex_usd", "/", _del(["capex_usd"])),
    ("plan with bom[0].qty removed", "/bom/0", _del(["bom", 0, "qty"])),
    ("plan with capex_usd.total as a string", "/capex_usd/total", lambda d: _set(["capex_usd", "total"], str(d["capex_usd"]["total"]))(d)),
    ("plan with bom[0].unit_price_usd as a string", "/bom/0/unit_price_usd", lambda d: _set(["bom", 0, "unit_price_usd"], str(d["bom"][0]["unit_price_usd"]))(d)),
    ("plan with topology.switches.total = 1.5", "/topology/switches/total", _set(["topology", "switches", "total"], 1.5)),
    ("plan with a negative power_w.total", "/power_w/total", _set(["power_w", "total"], -1.0)),
    ("plan with tco_usd = null (a NaN written by nlohmann::json)", "/tco_usd", _set(["tco_usd"], None)),
    ("plan with fabric \"ethernet\"", "/fabric", _set(["fabric"], "ethernet")),
    ("plan with an unknown top-level key", "/", _set(["capex"], {"total": 1})),
    ("plan with bom[0].category \"optics\"", "/bom/0/category", _set(["bom", 0, "category"], "optics")),
    ("plan with performance.efficiency = 1.5", "/performance/efficiency", _set(["performance", "efficiency"], 1.5)),
    ("plan whose design lost compute.gpus", "/design/compute", _del(["design", "compute", "gpus"])),
    ("plan whose design has tiers \"auto\" (the writer writes 0)", "/design/fabric/tiers", _set(["design", "fabric", "tiers"], "auto")),
    ("plan without timings_ms.bom", "/timings_ms", _del(["timings_ms", "bom"])),
    ("plan with format_version 2", "/format_version", _set(["format_version"], 2)),
]

COMPARISON_BREAKS = [
    ("comparison with three plans", "/plans", lambda d: d["plans"].pop()),
    ("comparison with the plans out of order", "/plans/0/fabric", lambda d: d["plans"].reverse()),
    ("comparison with advice.recommended_fabric \"ib\"", "/advice/recommended_fabric", _set(["advice", "recommended_fabric"], "ib")),
    ("comparison with plans[2].bom[0].extended_usd as a string", "/plans/2/bom/0/extended_usd", lambda d: _set(["plans", 2, "bom", 0, "extended_usd"], str(d["plans"][2]["bom"][0]["extended_usd"]))(d)),
    ("comparison without advice", "/", _del(["advice"])),
]

# (label, path, break, what the CLI reader does with it: "error" or "warning")
DESIGN_BREAKS = [
    ("design with an unknown top-level field", "/", _set(["colour"], "blue"), "error"),
    ("design with a misspelt compute field (gpu)", "/compute", _set(["compute", "gpu"], 8), "error"),
    ("design with an unknown media.pins[0] field", "/media/pins/0", _set(["media", "pins"], [{"link_class": "host_leaf", "part": "X", "length_m": 3}]), "error"),
    ("design with floor.row_pitch_m = 1e308", "/floor/row_pitch_m", _set(["floor", "row_pitch_m"], 1e308), "error"),
    ("design with economics.labour_usd_per_hour = 1e308", "/economics/labour_usd_per_hour", _set(["economics", "labour_usd_per_hour"], 1e308), "error"),
    ("design with a 257-byte name", "/name", _set(["name"], "n" * 257), "error"),
    ("design with compute.gpus as a string", "/compute/gpus", _set(["compute", "gpus"], "1024"), "error"),
    ("design with compute.gpus = 8.5", "/compute/gpus", _set(["compute", "gpus"], 8.5), "error"),
    ("design with compute.gpus = 0", "/compute/gpus", _set(["compute", "gpus"], 0), "error"),
    ("design without format_version", "/", _del(["format_version"]), "error"),
    ("design with format_version 3", "/format_version", _set(["format_version"], 3), "error"),
    ("format 1 design with fabric.switches", "/fabric", lambda d: (_set(["format_version"], 1)(d), _set(["fabric", "switches"], {"leaf": "X"})(d)), "error"),
    ("design with fabric.switches.spin", "/fabric/switches", _set(["fabric", "switches"], {"spin": "X"}), "error"),
    ("design with fabric.technology \"ethernet\"", "/fabric/technology", _set(["fabric", "technology"], "ethernet"), "error"),
    ("design with fabric.tiers \"four\"", "/fabric/tiers", _set(["fabric", "tiers"], "four"), "error"),
    ("design with fabric.leaf_oversubscription \"2-1\"", "/fabric/leaf_oversubscription", _set(["fabric", "leaf_oversubscription"], "2-1"), "error"),
    ("design with fabric.rail_optimized \"yes\"", "/fabric/rail_optimized", _set(["fabric", "rail_optimized"], "yes"), "error"),
    ("design with floor.leaf_placement \"top-of-rack\"", "/floor/leaf_placement", _set(["floor", "leaf_placement"], "top-of-rack"), "error"),
    ("design with economics.pue = 0.5", "/economics/pue", _set(["economics", "pue"], 0.5), "error"),
    ("design with named-source prices but no price_source", "/economics", _set(["economics"], {"price_policy": "named-source"}), "error"),
    ("design with media.pins[0].link_class \"host_spine\"", "/media/pins/0/link_class", _set(["media", "pins"], [{"link_class": "host_spine", "part": "X"}]), "error"),
]

# Odd but legal: the schema and the reader both accept these.
DESIGN_ODD_BUT_VALID = [
    ("design with tiers \"auto\"", _set(["fabric", "tiers"], "auto")),
    ("design with gpus written as 1024.0", _set(["compute", "gpus"], 1024.0)),
    ("design with only format_version", lambda d: [d.pop(k) for k in list(d) if k != "format_version"]),
]


def broken_copies(doc, breaks):
    for label, at, mutate, *rest in breaks:
        broken = copy.deepcopy(doc)
        try:
            mutate(broken)
        except (KeyError, IndexError, TypeError) as e:
            fail("cannot build the broken document '%s' (%r): the writer's output changed shape?" % (label, e))
            continue
        yield label, at, broken, rest


def cli_reader_verdict(cli, design, path, env):
    """'error', 'warning' or 'ok' from `fabricplan-cli validate`."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(design, f, indent=2)
    rc, out = run([cli, "validate", path], env)
    if rc != 0:
        return "error", out
    return ("warning" if "warning:" in out else "ok"), out


def main(argv):
    if len(argv) != 6:
        print(__doc__)
        return 2
    cli, catalog, schema_dir, examples_dir, out_dir = argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    env = dict(os.environ)
    env["HOME"] = os.path.join(out_dir, "home")  # keep the CLI away from a developer's catalog copy
    print("jsonschema %s, python %s" % (importlib.metadata.version("jsonschema"), sys.version.split()[0]))

    schemas = load_schemas(schema_dir)
    if len(schemas) != len(SCHEMA_FILES):
        return 1
    v = make_validators(schemas)

    examples = sorted(f for f in os.listdir(examples_dir) if f.endswith(".fabricplan"))
    if not examples:
        fail("no example designs in " + examples_dir)
        return 1

    plan_doc = comparison_doc = full_design = None
    for name in examples:
        path = os.path.join(examples_dir, name)
        stem = name[: -len(".fabricplan")]
        design = read_json(path, name)
        if design is not None:
            expect_valid(v["design"], design, "design " + name)

        plan_json = os.path.join(out_dir, stem + ".plan.json")
        rc, out = run([cli, "plan", path, "--catalog", catalog, "--json", plan_json], env)
        if rc not in (0, 1):  # 1 = the plan has design-rule errors, still a plan
            fail("fabricplan-cli plan %s exited %d:\n%s" % (name, rc, out))
        else:
            doc = read_json(plan_json, "plan of " + name)
            if doc is not None and expect_valid(v["plan"], doc, "plan JSON of " + name):
                # The richest plan (most BOM lines and checks) is the one to break.
                if plan_doc is None or (len(doc["bom"]), len(doc["checks"])) > (len(plan_doc["bom"]), len(plan_doc["checks"])):
                    plan_doc = doc
                full_design = full_design or doc["design"]

        cmp_json = os.path.join(out_dir, stem + ".compare.json")
        rc, out = run([cli, "compare", path, "--catalog", catalog, "--json", cmp_json], env)
        if rc not in (0, 1):
            fail("fabricplan-cli compare %s exited %d:\n%s" % (name, rc, out))
        else:
            doc = read_json(cmp_json, "comparison of " + name)
            if doc is not None and expect_valid(v["comparison"], doc, "comparison JSON of " + name):
                comparison_doc = comparison_doc or doc

    # The design inside a plan is what FabricPlan writes to a .fabricplan file: a design, too.
    if full_design is not None:
        expect_valid(v["design"], full_design, "design as FabricPlan writes it (from the plan JSON)")

    # ---- the schemas must refuse broken documents ----
    if plan_doc is None or comparison_doc is None or full_design is None:
        fail("no valid plan or comparison to break: the negative checks did not run")
    else:
        if not plan_doc["bom"]:
            fail("the richest example plan has no BOM lines to break")
        for label, at, broken, _ in broken_copies(plan_doc, PLAN_BREAKS):
            expect_invalid(v["plan"], broken, label, at)
        for label, at, broken, _ in broken_copies(comparison_doc, COMPARISON_BREAKS):
            expect_invalid(v["comparison"], broken, label, at)

        design_dir = os.path.join(out_dir, "designs")
        os.makedirs(design_dir, exist_ok=True)
        for i, (label, at, broken, rest) in enumerate(broken_copies(full_design, DESIGN_BREAKS)):
            expect_invalid(v["design"], broken, label, at)
            verdict, out = cli_reader_verdict(cli, broken, os.path.join(design_dir, "broken-%02d.fabricplan" % i), env)
            if verdict != rest[0]:
                fail("fabricplan-cli validate gave '%s', not '%s', for the %s: schema and reader disagree\n%s"
                     % (verdict, rest[0], label, out.strip()))
            else:
                print("ok: fabricplan-cli validate also gives '%s' for the %s" % (verdict, label))
        for i, (label, mutate) in enumerate(DESIGN_ODD_BUT_VALID):
            odd = copy.deepcopy(full_design)
            mutate(odd)
            expect_valid(v["design"], odd, label)
            verdict, out = cli_reader_verdict(cli, odd, os.path.join(design_dir, "odd-%02d.fabricplan" % i), env)
            if verdict != "ok":
                fail("fabricplan-cli validate gave '%s' for the %s, which the schema accepts:\n%s"
                     % (verdict, label, out.strip()))

    checks = len(examples) * 3 + 1 + len(PLAN_BREAKS) + len(COMPARISON_BREAKS) + 2 * len(DESIGN_BREAKS) + 2 * len(DESIGN_ODD_BUT_VALID)
    if failures:
        print("\n%d of the JSON schema checks FAILED:" % len(failures))
        for f in failures:
            print("  - " + f.splitlines()[0])
        return 1
    print("\nall %d JSON schema checks passed (%d example designs, their plans and comparisons; %d broken documents refused)"
          % (checks, len(examples), len(PLAN_BREAKS) + len(COMPARISON_BREAKS) + len(DESIGN_BREAKS)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
