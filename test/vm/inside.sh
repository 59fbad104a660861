# Runs inside the cgroup v2 VM (../shared/tools/vm/run.sh), as root, from the checkout: the verdict
# table's v2 columns. First what systemd does at boot (the root group gives cpu, memory and pids to
# its children), then: root's column; then a normal user's, with a subtree delegated the way systemd
# delegates user@UID.service (controllers enabled in the parents, the directory chowned to the user,
# the user's shell moved into a leaf by root). Sections start with "=== NAME".
# Then the same user from a login whose cgroup is root's (not delegated), first with no systemd user
# manager (the launcher samples), then with one (simcoach starts again in a scope systemd-run makes).
# Arguments: the cache dir the host filled (builds, the supervisor), a copy of dist/ everyone can
# read, then the rows' ids; SCOPE_ROWS: the rows of the scope's column.
set -u
cache=$1; dist=$2; shift 2
# Where the VM's time goes: seconds since its boot at each step, printed at the end ("=== timing").
stamp() { echo "$1 $(cut -d' ' -f1 /proc/uptime)" >> /tmp/.stamps; }
stamp start
cg=/sys/fs/cgroup
echo '+cpu +memory +pids' > $cg/cgroup.subtree_control
state() { ls $cg; for f in $cg/cgroup.subtree_control $cg/memory.* $cg/pids.* $cg/cgroup.procs; do [ -f "$f" ] && [ "${f##*/}" != memory.stat ] && [ "${f##*/}" != memory.pressure ] && [ "${f##*/}" != memory.numa_stat ] && [ "${f##*/}" != cgroup.procs ] && echo "$f=$(cat "$f" 2>/dev/null | tr '\n' ' ')"; done; }
state | grep -v -e '^memory\.' > /tmp/.before
# A line of its own first: the console's banner may end on our first line, and run.sh drops that line
# (with the header on it, the root column came back empty and the VM booted again).
echo
echo "=== root-v2"
XDG_CACHE_HOME=$cache SIMCOACH_TABLE_SCALE=${SCALE:-30} HOME=/root node $dist/verdict-table.js "$@"
stamp root-v2
echo "=== outside"
state | grep -v -e '^memory\.' > /tmp/.after
# What changed outside /sys/fs/cgroup/simcoach (nothing may): a diff of names and the root's own settings.
diff /tmp/.before /tmp/.after | grep '^[<>]' | grep -v -e '^> simcoach$' || true
# The table's accounts as lines of /etc/passwd and /etc/group (the overlay's: gone at power-off):
# useradd under emulation took seconds of the VM's CPU each. NAME UID; a uid taken is not reused.
account() {
  id -u "$1" >/dev/null 2>&1 && return
  local u=$2; while getent passwd $u >/dev/null || getent group $u >/dev/null; do u=$((u + 1)); done
  echo "$1:x:$u:$u::/nonexistent:/bin/sh" >> /etc/passwd; echo "$1:x:$u:" >> /etc/group
}
account simcoach-vm 64000
uid=$(id -u simcoach-vm)
svc=$cg/user.slice/user-$uid.slice/user@$uid.service
mkdir -p $svc/session.scope
echo '+cpu +memory +pids' > $cg/user.slice/cgroup.subtree_control
echo '+cpu +memory +pids' > $cg/user.slice/user-$uid.slice/cgroup.subtree_control
echo '+cpu +memory +pids' > $svc/cgroup.subtree_control
chown -R simcoach-vm:simcoach-vm $svc
home=/tmp/simcoach-vm-home; mkdir -p $home; chown simcoach-vm $home
stamp users
cp -a "$cache" /tmp/simcoach-vm-cache; chown -R simcoach-vm /tmp/simcoach-vm-cache
stamp cache-copy
ucache=/tmp/simcoach-vm-cache
# A login's session scope is root's: the user cannot make groups in it or beside it.
slice=$cg/user.slice/user-$uid.slice
mkdir -p $slice/session-1.scope
# The runner as the user, from a shell root moved into a group (as systemd or logind does), which
# stays there beside simcoach as a terminal's shell does: $uid, $home and $ucache say whose.
# Arguments: the group, then VAR=value pairs.
as_user() {
  local group=$1; shift
  sh -c 'echo $$ > '"$group"'/cgroup.procs; exec setpriv --reuid='"$uid"' --regid='"$uid"' --init-groups -- env '"$*"' XDG_CACHE_HOME='"$ucache"' SIMCOACH_TABLE_SCALE='"${SCALE:-30}"' HOME='"$home"' node '"$dist"'/verdict-table.js '"$rows"''
}
# A second user, with a systemd user manager in user@UID.service, as logind starts one (it asks only
# that /run/systemd/system exists: no system manager runs here). A manager starts only in a fresh
# service group of its own (not one with controllers enabled or init.scope made before it). The
# user's shell is in a group of root's inside that service, where the manager can move it (with a
# system manager it moves a session's too). The manager starts here and comes up while the first
# user's columns run (its start is seconds of the VM's time, mostly waiting; simcoach of that user
# has no $XDG_RUNTIME_DIR, so it never asks it).
account simcoach-vm2 64100
uid2=$(id -u simcoach-vm2)
slice2=$cg/user.slice/user-$uid2.slice; svc2=$slice2/user@$uid2.service
mkdir -p $svc2 /run/systemd/system; echo '+cpu +memory +pids' > $slice2/cgroup.subtree_control; chown -R simcoach-vm2:simcoach-vm2 $svc2
rt=/run/user/$uid2; mkdir -p $rt; chown simcoach-vm2:simcoach-vm2 $rt; chmod 700 $rt
home2=/tmp/simcoach-vm2-home; mkdir -p $home2; chown simcoach-vm2 $home2
cp -a "$cache" /tmp/simcoach-vm2-cache; chown -R simcoach-vm2 /tmp/simcoach-vm2-cache
sh -c 'echo $$ > '"$svc2"'/cgroup.procs; exec setpriv --reuid='"$uid2"' --regid='"$uid2"' --init-groups -- env HOME='"$home2"' XDG_RUNTIME_DIR='"$rt"' /lib/systemd/systemd --user' >/tmp/user-manager.log 2>&1 &
stamp users-2
echo "=== user-v2"
rows="$*" as_user $svc/session.scope
stamp user-v2
echo "=== user-v2-undelegated"
rows="$*" as_user $slice/session-1.scope
stamp user-v2-undelegated
for _ in $(seq 1 600); do [ -S $rt/systemd/private ] && break; sleep 0.5; done
stamp user-manager
uid=$uid2 home=$home2 ucache=/tmp/simcoach-vm2-cache
mkdir -p $svc2/login.slice/session-2.scope
echo "=== user-v2-scope"
[ -S $rt/systemd/private ] || { echo "no user manager:"; tail -5 /tmp/user-manager.log; }
rows="${SCOPE_ROWS:-$*}" as_user $svc2/login.slice/session-2.scope XDG_RUNTIME_DIR=$rt
stamp user-v2-scope
echo "=== timing"
cat /tmp/.stamps
echo "=== end"
