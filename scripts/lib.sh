# Shared helpers of the scripts (sourced, POSIX sh): setup, test, demo, bench and
# fuzz, and the builds of PostgreSQL 18 and Citus.

ROOT=$(cd "$(dirname "$0")/.." && pwd)

die() { echo "$(basename "$0"): $*" >&2; exit 1; }

# ---- building dependencies (setup.sh, build-pg18.sh, build-citus.sh) ----------
# Sources of what no reachable registry has: the tarball in DEPS (IDGEN_DEPS,
# else ../shared/deps beside the repository), else its project's official
# archive, downloaded. SUMS, in the repository, has the checksum of each
# tarball and of the manifest (source_manifest) of the tree it unpacks to: the
# official archives are other files than the tarballs (gzip where they are
# xz; PostgreSQL's repacked besides), so a download is checked by the files
# it unpacks to. Builds are kept in CACHE (IDGEN_CACHE, else /var/cache/idgen)
# between runs.
DEPS=${IDGEN_DEPS:-$ROOT/../shared/deps}
CACHE=${IDGEN_CACHE:-/var/cache/idgen}
SUMS=$ROOT/scripts/SHA256SUMS

# step TEXT CMD...: say TEXT and run CMD. With LOG set, CMD's output goes to
# that file and a failure shows the file's end; either way a failure stops
# the script.
step() {
    echo "$1"; shift
    if [ -n "${LOG:-}" ]; then
        echo "== $*" >>"$LOG"
        "$@" >>"$LOG" 2>&1 </dev/null || {
            echo "---- last lines of $LOG:" >&2
            tail -n 40 "$LOG" >&2
            die "failed: $*"
        }
    else
        "$@" </dev/null || die "failed: $*"
    fi
}

# sum_ok FILE: FILE matches the checksum that SUMS has for its name; else
# says why and returns 1.
sum_ok() {
    so_sum=$(awk -v n="${1##*/}" '$2 == n { print $1 }' "$SUMS")
    [ -n "$so_sum" ] || { echo "$SUMS has no checksum for ${1##*/}" >&2; return 1; }
    [ "$(sha256sum <"$1" | cut -c1-64)" = "$so_sum" ] ||
        { echo "$1 does not match its checksum in $SUMS" >&2; return 1; }
}

# source_manifest DIR: the files under DIR, sorted: each regular file's
# checksum and path, the paths of the executable ones, each symbolic link's
# target. Archives of one tree have one manifest, whatever their compression,
# order, owners and times.
source_manifest() {
    (cd "$1" && LC_ALL=C && export LC_ALL &&
        find . -type f -print0 | sort -z | xargs -0 -r sha256sum &&
        find . -type f -perm -u+x | sort | sed 's/^/executable /' &&
        find . -type l -printf 'link %p -> %l\n' | sort)
}

# get_source TARBALL DIR URL: the source tree DIR, which TARBALL unpacks to,
# checked against SUMS, in the scratch directory TMP; then go into it. From
# DEPS/TARBALL, else from the official archive at URL (a .tar.gz). When
# neither can be had, says what to set and returns 2; under CI (CI set and
# not "false": .ci/run sets it) that is an error, so CI never goes without.
get_source() {
    gs_archive=$TMP/${3##*/} gs_manifest=$TMP/${1%.tar.*}.manifest
    if [ -f "$DEPS/$1" ]; then
        sum_ok "$DEPS/$1" || die "refusing $DEPS/$1"
        echo "checksum of $DEPS/$1: OK"
        command -v xz >/dev/null 2>&1 || install_packages xz-utils
        step "unpacking $1" tar -C "$TMP" -xJf "$DEPS/$1"
    else
        echo "no $1 in $DEPS: downloading $3"
        command -v curl >/dev/null 2>&1 || install_packages curl
        # Without a network the connection fails at once; no retries.
        if ! curl -fsSL --connect-timeout 10 -o "$gs_archive" "$3"; then
            gs_why="no $1 in $DEPS, and it could not be downloaded from $3"
            case ${CI:-} in
                "" | false) echo "$gs_why: set IDGEN_DEPS=dir, a directory that holds $1"; return 2 ;;
                *) die "$gs_why (under CI=$CI a missing source is an error: set IDGEN_DEPS=dir)" ;;
            esac
        fi
        step "unpacking ${gs_archive##*/}" tar -C "$TMP" -xzf "$gs_archive"
        [ -d "$TMP/$2" ] || die "${gs_archive##*/} did not unpack to $2/"
        source_manifest "$TMP/$2" >"$gs_manifest"
        sum_ok "$gs_manifest" || die "the files of $3 are not those of $1"
        echo "files of $3 are those of $1: OK"
    fi
    [ -d "$TMP/$2" ] || die "$1 did not unpack to $2/"
    cd "$TMP/$2" || die "cannot enter $TMP/$2"
}

# citus_version MAJOR: the Citus release whose source the tests build for
# PostgreSQL MAJOR: the newest that supports it (their configure checks).
# 14.0.1 supports 16 to 18, 13.2.2 15 to 17, so 13.2.2 only on 15; on 16 and
# 17 it is the Citus the tests run on 18, whose code paths 17 shares. Fails
# for a version neither supports.
citus_version() {
    case $1 in
        15) echo 13.2.2 ;;
        16 | 17 | 18) echo 14.0.1 ;;
        *) return 1 ;;
    esac
}

# install_packages PKG...: install those of the Debian packages PKG that are
# not installed yet (apt-get, so only as root); nothing when all are there.
install_packages() {
    missing=""
    for p in "$@"; do
        dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' ||
            missing="$missing $p"
    done
    [ -n "$missing" ] || return 0
    [ "$(id -u)" = 0 ] || die "not root; cannot install missing packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    # Another apt-get at work (a build of another checkout) holds dpkg's lock:
    # wait for it rather than fail.
    step "updating the package lists" apt-get -o DPkg::Lock::Timeout=600 update -q
    # shellcheck disable=SC2086 # one word per package
    step "installing:$missing" apt-get -o DPkg::Lock::Timeout=600 install -y -q $missing
}

# lock_cache NAME: wait for the lock CACHE/.NAME.lock, and hold it until the
# script ends. Two callers at once (two checkouts, a CI job and a developer)
# would build into the same place: the second waits, then finds the first
# one's result (the caller checks again once it holds the lock).
lock_cache() {
    command -v flock >/dev/null 2>&1 || return 0
    exec 9>"$CACHE/.$1.lock"
    flock 9
}

# Which PostgreSQL: the one whose pg_config is in IDGEN_PG_CONFIG (make passes
# PG_CONFIG=... on to it), else Debian's 15, which setup.sh installs. PG_CONFIG
# is given to every make, so that PostgreSQL is used whatever pg_config is on
# PATH; PG_BIN holds its initdb, pg_ctl, psql, pgbench and createdb.
if [ -n "${IDGEN_PG_CONFIG:-}" ]; then
    PG_CONFIG=$IDGEN_PG_CONFIG
    # make and the clients run in other directories: make the path absolute.
    case $PG_CONFIG in
        /*) ;;
        */*) PG_CONFIG=$(pwd)/$PG_CONFIG ;;
        *) PG_CONFIG=$(command -v "$PG_CONFIG" || echo "$PG_CONFIG") ;;
    esac
    # One that does not run is reported by setup.sh (pg_config_ok).
    PG_BIN=$("$PG_CONFIG" --bindir 2>/dev/null) || PG_BIN=$(dirname "$PG_CONFIG")
else
    PG_BIN=/usr/lib/postgresql/15/bin
    PG_CONFIG=$PG_BIN/pg_config
fi

# pg_config_ok: PG_CONFIG runs and belongs to an install with PGXS and initdb.
pg_config_ok() {
    "$PG_CONFIG" --version >/dev/null 2>&1 &&
        [ -f "$("$PG_CONFIG" --pgxs 2>/dev/null)" ] && [ -x "$PG_BIN/initdb" ]
}

# initdb/postgres refuse to run as root, so server-side work runs as "postgres",
# in /: the caller's directory may be one postgres cannot enter (a clone in
# root's home, mode 700), and PostgreSQL's programs return to the directory
# they started in after finding their own. So every path given must be
# absolute.
as_pg() {
    if [ "$(id -un)" = postgres ]; then "$@"
    elif [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@")
    else die "must run as root (or as postgres)"
    fi
}

# A scratch directory owned by postgres; removed by cleanup.
make_tmp() {
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/idgen.XXXXXX") || die "mktemp failed"
    chmod 755 "$TMP"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$TMP"
    return 0
}

# cluster_start DIR PRELOAD [SETTINGS]: throwaway cluster in DIR, reachable only
# through a unix socket in DIR (listen_addresses = ''), so any port number is
# free there; SETTINGS are further postgresql.conf lines. Sets PGHOST/PGPORT
# for the clients started afterwards.
CLUSTERS=""
cluster_start() {
    as_pg mkdir -p "$1" || return 1
    as_pg "$PG_BIN/initdb" -D "$1/data" -A trust -E UTF8 --locale=C >"$1/initdb.log" 2>&1 ||
        { cat "$1/initdb.log"; return 1; }
    PGHOST=$1 PGPORT=$((50000 + $$ % 10000))
    export PGHOST PGPORT
    cat >>"$1/data/postgresql.conf" <<CONF
listen_addresses = ''
port = $PGPORT
unix_socket_directories = '$1'
shared_preload_libraries = '$2'
fsync = off
synchronous_commit = off
full_page_writes = off
${3:-}
CONF
    CLUSTERS="$CLUSTERS $1"
    as_pg "$PG_BIN/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 start >/dev/null 2>&1 ||
        { echo "server in $1 did not start:"; tail -n 30 "$1/server.log"; return 1; }
}

cluster_stop() {
    [ -f "$1/data/postmaster.pid" ] &&
        as_pg "$PG_BIN/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1
    return 0
}

# EXIT trap: stop every cluster we started, then drop the scratch directory.
cleanup() {
    for c in $CLUSTERS; do cluster_stop "$c"; done
    [ -n "${TMP:-}" ] && rm -rf "$TMP"
    return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# The release's version, in each file that names it (CONTRIBUTING.md,
# "Releasing"): the extension's, default_version in idgen.control ("1.1");
# the distribution's in META.json ("1.1.0": the extension's and a patch
# number); the Debian package's in debian/changelog ("1.1.0-1": the
# distribution's and a Debian revision).
control_version() { sed -n "s/^default_version = '\([^']*\)'\$/\1/p" "$ROOT/idgen.control"; }
meta_version() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$ROOT/META.json"; }
changelog_version() { sed -n '1s/^idgen (\([^)]*\)).*/\1/p' "$ROOT/debian/changelog"; }

# versions_agree: the three agree; else says how they differ, returns 1.
versions_agree() {
    va_c=$(control_version) va_m=$(meta_version) va_d=$(changelog_version)
    case ${va_m#"$va_c".} in
        "$va_m" | "" | *[!0-9]*)
            echo "META.json's version \"$va_m\" is not idgen.control's default_version \"$va_c\" with a patch number" >&2
            return 1 ;;
    esac
    case ${va_d#"$va_m"-} in
        "$va_d" | "" | *[!0-9A-Za-z.+~]*)
            echo "debian/changelog's version \"$va_d\" is not META.json's version \"$va_m\" with a Debian revision" >&2
            return 1 ;;
    esac
}

# source_tree: a git tree of the files git tracks, as they are in the working
# tree (uncommitted changes in, untracked files out): what make dist and make
# deb archive. It goes through a scratch index, so the index and the refs
# stay as they are.
source_tree() {
    st_index=$(mktemp "${TMPDIR:-/tmp}/idgen-index.XXXXXX") || return 1
    cp "$(git -C "$ROOT" rev-parse --path-format=absolute --git-path index)" "$st_index" &&
        GIT_INDEX_FILE=$st_index git -C "$ROOT" add -u &&
        GIT_INDEX_FILE=$st_index git -C "$ROOT" write-tree
    st_rc=$?
    rm -f "$st_index"
    return $st_rc
}

# release_archive TREE FORMAT FILE: the release archive, which PGXN gets and
# the Debian package takes as its upstream source: the files of TREE under
# idgen-VERSION/, without debian/ (the Debian source package carries it
# apart) and .ci/ (CI's entry point).
release_archive() {
    git -C "$ROOT" archive --format="$2" --prefix="idgen-$(meta_version)/" -o "$3" "$1" -- \
        . ':(exclude)debian' ':(exclude).ci'
}

# idgen_files [DESTDIR]: the files of idgen installed into the PostgreSQL of
# PG_CONFIG (under DESTDIR, if given), one a line, sorted, without DESTDIR.
idgen_files() {
    if_dest=${1:-}
    if_lib=$if_dest$("$PG_CONFIG" --pkglibdir) if_ext=$if_dest$("$PG_CONFIG" --sharedir)/extension
    find "$if_lib" "$if_ext" -type f \( -name 'idgen.*' -o -name 'idgen--*' -o -path "$if_lib/bitcode/idgen/*" \) \
        2>/dev/null | sed "s|^$if_dest||" | sort
}

# TAP lines for the tests written in sh (test/*_test.sh): tap STATUS NAME
# says "ok" when STATUS is 0; is GOT EXPECTED NAME when the two are equal,
# and shows both otherwise; tap_end prints the plan, and fails if any did.
TAP_N=0 TAP_FAILED=0
tap() {
    TAP_N=$((TAP_N + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $TAP_N - $2"
    else
        echo "not ok $TAP_N - $2"
        TAP_FAILED=$((TAP_FAILED + 1))
    fi
}
is() {
    if [ "$1" = "$2" ]; then
        tap 0 "$3"
    else
        tap 1 "$3"
        echo "$1" | sed 's/^/#   got:      /'
        echo "$2" | sed 's/^/#   expected: /'
    fi
}
# diag [-n N] FILE...: the files' last N lines (all without -n) as TAP
# comments, so that no line of theirs counts as a test.
diag() {
    if [ "$1" = -n ]; then d_n=$2; shift 2; else d_n=+1; fi
    for d_f in "$@"; do
        echo "# == $d_f"
        tail -n "$d_n" "$d_f" | sed 's/^/# /'
    done
}
tap_end() {
    echo "1..$TAP_N"
    [ "$TAP_FAILED" -eq 0 ]
}
