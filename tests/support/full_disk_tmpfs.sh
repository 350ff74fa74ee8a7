#!/usr/bin/env bash
# `ewn gen` on a disk that fills up: a small tmpfs, in a private mount namespace, grown a little
# after each failed run. Every run must stop with a clear message (free space first, not a bare
# "run it again"), leave no temporary file and no table that fails its checks; a read-only disk
# is named as such; once there is room, a rerun must end with the very bytes of an uninterrupted
# run.
#   full_disk_tmpfs.sh EWN_PROGRAM
# Exits 77 (CTest: skipped) where this system does not let us mount a tmpfs.
set -euo pipefail
ewn=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$(id -u)" -eq 0 ]; then ns=(unshare -m); else ns=(unshare -rm); fi
if ! "${ns[@]}" sh -c "mount -t tmpfs -o size=64k tmpfs '$work'" 2>/dev/null; then
  echo "skipped: cannot mount a tmpfs in a private mount namespace here"
  exit 77
fi

"$ewn" gen --pieces 3 --keep-exact 3 --tables "$work/reference" --quiet >/dev/null
mkdir "$work/disk"
# Disk sizes from a tenth to nine tenths of what the set occupies: each too small, each larger.
total_k=$(du -sk "$work/reference" | cut -f1)
sizes="$((total_k / 10 + 4))k $((total_k * 4 / 10))k $((total_k * 7 / 10))k $((total_k * 9 / 10))k"
"${ns[@]}" bash -s "$ewn" "$work" "$sizes" <<'SCRIPT'
set -euo pipefail
ewn=$1
work=$2
read -r -a sizes <<< "$3"
disk=$work/disk
fail() { echo "FAIL: $*"; exit 1; }
mount -t tmpfs -o size=${sizes[0]} tmpfs "$disk"
previous=0
for size in "${sizes[@]}"; do
  mount -o remount,size=$size "$disk"
  if "$ewn" gen --pieces 3 --keep-exact 3 --tables "$disk" --quiet >/dev/null 2>"$work/err"; then
    fail "finished on a disk of $size"
  fi
  grep -q "the disk is full" "$work/err" || fail "unclear message on a full disk: $(cat "$work/err")"
  # The advice is to free space first: running the same command at once would fail the same way.
  grep -q "free some space and run the command again" "$work/err" ||
    fail "no advice to free space: $(cat "$work/err")"
  if grep -q "run the same command again to resume" "$work/err"; then
    fail "a rerun offered on a disk that is still full: $(cat "$work/err")"
  fi
  if ls -A "$disk" | grep -q '\.tmp\.'; then fail "temporary files left: $(ls -A "$disk")"; fi
  "$ewn" info --tables "$disk" >/dev/null 2>"$work/info" || fail "a table fails its checks: $(cat "$work/info")"
  count=$(ls "$disk" | wc -l)
  [ "$count" -ge "$previous" ] || fail "complete files were lost ($previous, now $count)"
  previous=$count
  echo "disk of $size: $count complete files; $(grep -m1 "ewn gen:" "$work/err")"
done
# A read-only directory: a clear message, and no rerun offered.
mount -o remount,ro "$disk"
if "$ewn" gen --pieces 3 --keep-exact 3 --tables "$disk" --quiet >/dev/null 2>"$work/err"; then
  fail "finished on a read-only disk"
fi
grep -q "Read-only file system" "$work/err" || fail "unclear message on a read-only disk: $(cat "$work/err")"
if grep -q "run the same command again" "$work/err"; then
  fail "a rerun offered on a read-only disk: $(cat "$work/err")"
fi
mount -o remount,rw,size=16m "$disk"
"$ewn" gen --pieces 3 --keep-exact 3 --tables "$disk" --quiet >/dev/null
diff -r "$work/reference" "$disk" || fail "the resumed set differs from an uninterrupted run"
echo "full disk: every run stopped cleanly, and the resumed set is identical"
SCRIPT
