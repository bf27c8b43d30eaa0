#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Validate an lfbench results file against bench/schema.json.

Usage: check_json.py RESULTS.json [--schema SCHEMA.json]

Standard library only: a small validator for the JSON-Schema keywords that
schema.json uses (type, enum, properties, required, additionalProperties,
items, minimum, exclusiveMinimum, minLength, pattern, anyOf, $ref to
#/$defs/...), followed by checks a schema cannot express:
  * backend is a string exactly for impl "limbforge", null for anchors
  * cycles == ns * ghz_est (when both are known), null when ghz_est is null
  * ns_median >= ns
  * kind "insns" rows (bench/isa_count.py) have insns and arch, and ns and
    cycles null; other rows have ns and no insns
  * no duplicate (suite, op, subject, impl, backend, kind, arch)
Exit status 0 if valid; 1 with one line per problem otherwise.
"""
import argparse
import json
import math
import os
import re
import sys

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}

SUPPORTED = {
    "$schema", "title", "description", "$defs", "$ref", "type", "enum", "properties",
    "required", "additionalProperties", "items", "minimum", "exclusiveMinimum",
    "minLength", "pattern", "anyOf",
}


class Validator:
    def __init__(self, root):
        self.root = root
        self.errors = []

    def resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError(f"unsupported $ref {ref!r}")
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def check(self, schema, value, path):
        """Append errors for value at path; return True if it is valid."""
        unknown = set(schema) - SUPPORTED
        if unknown:
            raise ValueError(f"schema keyword(s) not supported by this checker: {sorted(unknown)}")
        before = len(self.errors)
        if "$ref" in schema:
            self.check(self.resolve(schema["$ref"]), value, path)
        if "type" in schema:
            types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(TYPES[t](value) for t in types):
                self.errors.append(f"{path}: expected {' or '.join(types)}, got {json.dumps(value)[:60]}")
                return False
        if "enum" in schema and value not in schema["enum"]:
            self.errors.append(f"{path}: {json.dumps(value)[:60]} not one of {schema['enum']}")
        if "anyOf" in schema:
            ok = False
            for sub in schema["anyOf"]:
                trial = Validator(self.root)
                if trial.check(sub, value, path):
                    ok = True
                    break
            if not ok:
                self.errors.append(f"{path}: {json.dumps(value)[:60]} matches none of anyOf")
        if TYPES["number"](value):
            if "minimum" in schema and value < schema["minimum"]:
                self.errors.append(f"{path}: {value} < minimum {schema['minimum']}")
            if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
                self.errors.append(f"{path}: {value} <= exclusiveMinimum {schema['exclusiveMinimum']}")
            if isinstance(value, float) and not math.isfinite(value):
                self.errors.append(f"{path}: not a finite number")
        if isinstance(value, str):
            if "minLength" in schema and len(value) < schema["minLength"]:
                self.errors.append(f"{path}: string shorter than {schema['minLength']}")
            if "pattern" in schema and not re.search(schema["pattern"], value):
                self.errors.append(f"{path}: {value!r} does not match {schema['pattern']!r}")
        if isinstance(value, dict):
            props = schema.get("properties", {})
            for key in schema.get("required", []):
                if key not in value:
                    self.errors.append(f"{path}: missing key {key!r}")
            extra = schema.get("additionalProperties", True)
            for key, v in value.items():
                if key in props:
                    self.check(props[key], v, f"{path}.{key}")
                elif extra is False:
                    self.errors.append(f"{path}: unexpected key {key!r}")
                elif isinstance(extra, dict):
                    self.check(extra, v, f"{path}.{key}")
        if isinstance(value, list) and "items" in schema:
            for i, v in enumerate(value):
                self.check(schema["items"], v, f"{path}[{i}]")
        return len(self.errors) == before


def semantic_checks(doc):
    errors = []
    ghz = doc["machine"].get("ghz_est")
    seen = set()
    for i, r in enumerate(doc["results"]):
        where = f"results[{i}] ({r.get('suite')}/{r.get('op')}/{r.get('subject')}/{r.get('impl')})"
        if r["impl"] == "limbforge":
            if not isinstance(r["backend"], str):
                errors.append(f"{where}: limbforge row without a backend")
        elif r["backend"] is not None:
            errors.append(f"{where}: anchor row with backend {r['backend']!r} (must be null)")
        if r["kind"] == "insns":
            if "insns" not in r or "arch" not in r:
                errors.append(f"{where}: insns row without insns or arch")
            if r["ns"] is not None or r["cycles"] is not None:
                errors.append(f"{where}: insns row with a time (ns and cycles must be null)")
        elif r["ns"] is None or "insns" in r:
            errors.append(f"{where}: {r['kind']} row needs ns and no insns")
        elif ghz is None:
            if r["cycles"] is not None:
                errors.append(f"{where}: cycles given but machine.ghz_est is null")
        elif r["cycles"] is None:
            errors.append(f"{where}: cycles null although ghz_est is known")
        elif abs(r["cycles"] - r["ns"] * ghz) > 1e-3 * r["cycles"] + 0.05:
            errors.append(f"{where}: cycles {r['cycles']} != ns * ghz_est = {r['ns'] * ghz:.6g}")
        if "ns_median" in r and r["ns"] is not None and r["ns_median"] < r["ns"] * (1 - 1e-5):
            errors.append(f"{where}: ns_median {r['ns_median']} < best {r['ns']}")
        key = (r["suite"], r["op"], r["subject"], r["impl"], r["backend"], r["kind"], r.get("arch"))
        if key in seen:
            errors.append(f"{where}: duplicate row for {key}")
        seen.add(key)
    return errors


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("--schema", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema.json"))
    args = ap.parse_args(argv)
    try:
        with open(args.schema) as f:
            schema = json.load(f)
    except (OSError, ValueError) as e:
        print(f"check_json: cannot read schema {args.schema}: {e}", file=sys.stderr)
        return 2
    try:
        with open(args.results) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"check_json: {args.results}: not readable JSON: {e}", file=sys.stderr)
        return 1
    v = Validator(schema)
    v.check(schema, doc, "$")
    errors = v.errors
    if not errors:
        errors = semantic_checks(doc)
    for e in errors[:50]:
        print(f"check_json: {args.results}: {e}", file=sys.stderr)
    if len(errors) > 50:
        print(f"check_json: ... and {len(errors) - 50} more", file=sys.stderr)
    if errors:
        return 1
    n = len(doc["results"])
    impls = sorted({r["impl"] for r in doc["results"]})
    print(f"check_json: {args.results}: valid ({n} rows; impls: {', '.join(impls) or 'none'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
