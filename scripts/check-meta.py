#!/usr/bin/python3
"""check-meta.py META.json [ROOT]: check a PGXN META.json against the PGXN
Meta Spec 1.0.0 (https://pgxn.org/spec/).

Debian's pgxnclient has no command that validates META.json, so this checks
what the spec requires: the required keys, the type and form of each key it
defines (terms, tags, semantic versions, version ranges, license names,
paths), and no other key but custom ones (x_ or X_). The files that
"provides" names must be in ROOT (default: META.json's directory).

Prints one line per problem, "KEY: what is wrong", and exits with 1 if there
is any; prints nothing and exits with 0 if there is none.
"""

import json
import os
import re
import sys

# semver.org's grammar: numbers without leading zeros, optional pre-release
# and build parts.
NUM = r"(?:0|[1-9][0-9]*)"
PRE = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
SEMVER = rf"{NUM}\.{NUM}\.{NUM}(?:-{PRE}(?:\.{PRE})*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?"
VERSION_RE = re.compile(rf"\A{SEMVER}\Z")
# A version range: 0, or comma-separated versions, each with an optional
# operator (a version alone means "at least").
RANGE_RE = re.compile(rf"\A(?:0|(?:(?:[=!]=|[<>]=?)\s*)?{SEMVER}(?:\s*,\s*(?:(?:[=!]=|[<>]=?)\s*)?{SEMVER})*)\Z")
# A term: at least 2 characters, none a slash, backslash, space or control
# character; a tag: 2 to 255, spaces allowed.
TERM_RE = re.compile(r"\A[^/\\\s\x00-\x1f\x7f]{2,}\Z")
TAG_RE = re.compile(r"\A[^/\\\x00-\x1f\x7f]{2,255}\Z")
URI_RE = re.compile(r"\A[A-Za-z][A-Za-z0-9+.-]*:\S+\Z")
EMAIL_RE = re.compile(r"\A[^@\s]+@[^@\s]+\Z")

LICENSES = {
    "agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd",
    "freebsd", "gfdl_1_2", "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1",
    "lgpl_3_0", "mit", "mozilla_1_0", "mozilla_1_1", "openssl", "perl_5",
    "postgresql", "qpl_1_0", "ssleay", "sun", "zlib", "open_source",
    "restricted", "unrestricted", "unknown",
}
REQUIRED = ["name", "version", "abstract", "maintainer", "license", "provides", "meta-spec"]
PHASES = {"configure", "build", "test", "runtime", "develop"}
RELATIONSHIPS = {"requires", "recommends", "suggests", "conflicts"}


class Checker:
    def __init__(self, root):
        self.root = root
        self.problems = []

    def bad(self, key, what):
        self.problems.append(f"{key or '(top level)'}: {what}")

    def custom(self, key):
        return key[:2] in ("x_", "X_") and len(key) > 2

    def keys(self, key, obj, known, required=()):
        """obj is an object with only the known keys (or custom ones), and
        the required ones."""
        if not isinstance(obj, dict):
            self.bad(key, "not an object")
            return False
        for k in required:
            if k not in obj:
                self.bad(f"{key}.{k}" if key else k, "required key missing")
        for k in obj:
            if k not in known and not self.custom(k):
                self.bad(f"{key}.{k}" if key else k,
                         "not a key of the spec (custom keys start with x_)")
        return True

    def string(self, key, v, regex=None, what=None):
        if not isinstance(v, str) or not v:
            self.bad(key, "not a non-empty string")
        elif regex is not None and not regex.match(v):
            self.bad(key, f"{json.dumps(v)} is not {what}")

    def version(self, key, v):
        self.string(key, v, VERSION_RE, "a semantic version (MAJOR.MINOR.PATCH)")

    def term(self, key, v):
        self.string(key, v, TERM_RE,
                    "a term (2 or more characters, no slash, backslash, space or control character)")

    def path(self, key, v):
        self.string(key, v)
        if isinstance(v, str) and v:
            if v.startswith("/") or "\\" in v or ".." in v.split("/"):
                self.bad(key, f"{json.dumps(v)} is not a relative path in Unix form")
            elif not os.path.isfile(os.path.join(self.root, v)):
                self.bad(key, f"{json.dumps(v)} is not a file of the distribution")

    def string_or_list(self, key, v, check):
        if isinstance(v, list):
            if not v:
                self.bad(key, "an empty list")
            for i, item in enumerate(v):
                check(f"{key}[{i}]", item)
        else:
            check(key, v)

    def license(self, v):
        if isinstance(v, dict):
            if not v:
                self.bad("license", "an empty object")
            for name, url in v.items():
                self.string(f"license.{name}", url, URI_RE, "a URI")
        else:
            self.string_or_list("license", v, lambda k, x: self.string(
                k, x, re.compile(r"\A(?:%s)\Z" % "|".join(sorted(LICENSES))),
                "one of the licenses the spec names (such as postgresql); "
                "any other goes in an object of names and URLs"))

    def provides(self, v):
        if not isinstance(v, dict) or not v:
            self.bad("provides", "not an object naming at least one extension")
            return
        for ext, info in v.items():
            key = f"provides.{ext}"
            self.term(key, ext)
            if self.keys(key, info, {"file", "version", "abstract", "docfile"}, ("file", "version")):
                if "file" in info:
                    self.path(f"{key}.file", info["file"])
                if "version" in info:
                    self.version(f"{key}.version", info["version"])
                if "abstract" in info:
                    self.string(f"{key}.abstract", info["abstract"])
                if "docfile" in info:
                    self.path(f"{key}.docfile", info["docfile"])

    def prereqs(self, v):
        if not self.keys("prereqs", v, PHASES):
            return
        for phase, rels in v.items():
            if self.custom(phase):
                continue
            key = f"prereqs.{phase}"
            if not self.keys(key, rels, RELATIONSHIPS):
                continue
            for rel, reqs in rels.items():
                if self.custom(rel):
                    continue
                rkey = f"{key}.{rel}"
                if not isinstance(reqs, dict) or not reqs:
                    self.bad(rkey, "not an object naming at least one prerequisite")
                    continue
                for name, rng in reqs.items():
                    self.term(f"{rkey}.{name}", name)
                    if rng != 0 and not (isinstance(rng, str) and RANGE_RE.match(rng)):
                        self.bad(f"{rkey}.{name}", f"{json.dumps(rng)} is not a version range "
                                 "(0, or versions such as \"15.0.0\" or \">= 15.0.0, < 19.0.0\")")

    def resources(self, v):
        if not self.keys("resources", v, {"homepage", "bugtracker", "repository"}):
            return
        if "homepage" in v:
            self.string("resources.homepage", v["homepage"], URI_RE, "a URI")
        if "bugtracker" in v and self.keys("resources.bugtracker", v["bugtracker"], {"web", "mailto"}):
            bt = v["bugtracker"]
            if "web" not in bt and "mailto" not in bt:
                self.bad("resources.bugtracker", "has neither web nor mailto")
            if "web" in bt:
                self.string("resources.bugtracker.web", bt["web"], URI_RE, "a URI")
            if "mailto" in bt:
                self.string("resources.bugtracker.mailto", bt["mailto"], EMAIL_RE, "an email address")
        if "repository" in v and self.keys("resources.repository", v["repository"], {"url", "web", "type"}):
            repo = v["repository"]
            if "web" not in repo and not ("url" in repo and "type" in repo):
                self.bad("resources.repository", "has neither web nor url and type")
            for k in ("url", "web"):
                if k in repo:
                    self.string(f"resources.repository.{k}", repo[k], URI_RE, "a URI")
            if "type" in repo:
                self.string("resources.repository.type", repo["type"], re.compile(r"\A[a-z]+\Z"),
                            "a lower-case name of a version control system")

    def no_index(self, v):
        if not self.keys("no_index", v, {"file", "directory"}):
            return
        for k in ("file", "directory"):
            if k in v:
                self.string_or_list(f"no_index.{k}", v[k], self.string)

    def check(self, meta):
        if not self.keys("", meta, set(REQUIRED) | {
                "description", "generated_by", "tags", "no_index", "prereqs",
                "release_status", "resources"}, REQUIRED):
            return
        # Consumers read meta-spec first, and stop at a version they do not know.
        ms = meta.get("meta-spec")
        if ms is not None and self.keys("meta-spec", ms, {"version", "url"}, ("version",)):
            if "version" in ms:
                self.string("meta-spec.version", ms["version"], re.compile(r"\A1\.0\.[0-9]+\Z"),
                            "1.0.x, the version this checks")
            if "url" in ms and ms["url"] not in ("https://pgxn.org/meta/spec.txt",
                                                  "http://pgxn.org/meta/spec.txt"):
                self.bad("meta-spec.url", f"{json.dumps(ms['url'])} is not the spec's URL")
        if "name" in meta:
            self.term("name", meta["name"])
        if "version" in meta:
            self.version("version", meta["version"])
        for k in ("abstract", "description", "generated_by"):
            if k in meta:
                self.string(k, meta[k])
        if "maintainer" in meta:
            self.string_or_list("maintainer", meta["maintainer"], self.string)
        if "license" in meta:
            self.license(meta["license"])
        if "provides" in meta:
            self.provides(meta["provides"])
        if "prereqs" in meta:
            self.prereqs(meta["prereqs"])
        if "release_status" in meta and meta["release_status"] not in ("stable", "testing", "unstable"):
            self.bad("release_status", f"{json.dumps(meta['release_status'])} is not stable, testing or unstable")
        if "resources" in meta:
            self.resources(meta["resources"])
        if "no_index" in meta:
            self.no_index(meta["no_index"])
        if "tags" in meta:
            tags = meta["tags"]
            if not isinstance(tags, list) or not tags:
                self.bad("tags", "not a non-empty list")
            else:
                for i, t in enumerate(tags):
                    self.string(f"tags[{i}]", t, TAG_RE,
                                "a tag (2 to 255 characters, no slash, backslash or control character)")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[0])
    path = sys.argv[1]
    checker = Checker(sys.argv[2] if len(sys.argv) == 3 else os.path.dirname(path) or ".")
    try:
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{path}: {e}")
        return 1
    checker.check(meta)
    for p in checker.problems:
        print(p)
    return 1 if checker.problems else 0


if __name__ == "__main__":
    sys.exit(main())
