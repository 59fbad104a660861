# Runs inside the cgroup v2 VM (../shared/tools/vm/run.sh), as root, from the checkout: the verdict
# table's v2 columns. First what systemd does at boot (the root group gives cpu, memory and pids to
# its children), then: root's column; then a normal user's, with a subtree delegated the way systemd
# delegates user@UID.service (controllers enabled in the parents, the directory chowned to the user,
# the user's shell moved into a leaf by root). Sections start with "=== NAME".
# Arguments: the cache dir the host filled (builds, the supervisor), a copy of dist/ everyone can
# read, then the rows' ids.
set -u
cache=$1; dist=$2; shift 2
cg=/sys/fs/cgroup
echo '+cpu +memory +pids' > $cg/cgroup.subtree_control
state() { ls $cg; for f in $cg/cgroup.subtree_control $cg/memory.* $cg/pids.* $cg/cgroup.procs; do [ -f "$f" ] && [ "${f##*/}" != memory.stat ] && [ "${f##*/}" != memory.pressure ] && [ "${f##*/}" != memory.numa_stat ] && [ "${f##*/}" != cgroup.procs ] && echo "$f=$(cat "$f" 2>/dev/null | tr '\n' ' ')"; done; }
state | grep -v -e '^memory\.' > /tmp/.before
echo "=== root-v2"
XDG_CACHE_HOME=$cache SIMCOACH_TABLE_SCALE=${SCALE:-30} HOME=/root node $dist/verdict-table.js "$@"
echo "=== outside"
state | grep -v -e '^memory\.' > /tmp/.after
# What changed outside /sys/fs/cgroup/simcoach (nothing may): a diff of names and the root's own settings.
diff /tmp/.before /tmp/.after | grep '^[<>]' | grep -v -e '^> simcoach$' || true
id -u simcoach-vm >/dev/null 2>&1 || useradd --user-group --no-create-home --shell /bin/sh simcoach-vm
uid=$(id -u simcoach-vm)
svc=$cg/user.slice/user-$uid.slice/user@$uid.service
mkdir -p $svc/session.scope
echo '+cpu +memory +pids' > $cg/user.slice/cgroup.subtree_control
echo '+cpu +memory +pids' > $cg/user.slice/user-$uid.slice/cgroup.subtree_control
echo '+cpu +memory +pids' > $svc/cgroup.subtree_control
chown -R simcoach-vm:simcoach-vm $svc
home=/tmp/simcoach-vm-home; mkdir -p $home; chown simcoach-vm $home
cp -a "$cache" /tmp/simcoach-vm-cache; chown -R simcoach-vm /tmp/simcoach-vm-cache
echo "=== user-v2"
# The user's shell goes into the leaf (root's doing, as systemd's), then drops to the user and stays
# there beside simcoach, as a terminal's shell does.
sh -c 'echo $$ > '"$svc"'/session.scope/cgroup.procs; exec setpriv --reuid='"$uid"' --regid='"$uid"' --init-groups -- sh -c "'"XDG_CACHE_HOME=/tmp/simcoach-vm-cache SIMCOACH_TABLE_SCALE=${SCALE:-30} HOME=$home node $dist/verdict-table.js $*; echo user-done"'"'
echo "=== end"
