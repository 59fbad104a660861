# simcoach's reaper: started with simcoach's first run (src/runners/reaper.ts), it reads a pipe from
# simcoach and sees EOF the moment simcoach is gone, however it died (a SIGKILL included). The lines
# before that name what to clean: "g DIR" a cgroup parent, "t DIR" the private parent of its run
# and source dirs, "l FILE" simcoach's lock file (a dir of its own holds a link to it as .lock; one
# named by the same pid but holding another's is a simcoach's in another pid namespace). Then it kills whatever is left of simcoach's runs, removes their groups, and
# removes simcoach's run and source dirs. Argument: simcoach's pid. Fixed text: the paths arrive
# on the pipe, never in the script.
pid=$1
shift
tmp=
lock=
while IFS= read -r line; do
  case $line in
    'g '*) set -- "$@" "${line#g }" ;;
    't '*) tmp=${line#t } ;;
    'l '*) lock=${line#l } ;;
  esac
done
i=0
while [ $i -lt 200 ]; do
  left=0
  for p in "$@"; do
    for d in "$p"/run-"$pid"-*; do
      [ -d "$d" ] || continue
      while read -r q; do kill -9 "$q" 2>/dev/null; done < "$d/cgroup.procs"
      rmdir "$d" 2>/dev/null || left=1
    done
  done
  # A run's processes carry its marker from the start, before they join its groups (that is
  # after bubblewrap's set-up): find those by the marker too, or one could outlive simcoach.
  for f in $(grep -las "SIMCOACH_RUN=$pid-" /proc/[0-9]*/environ 2>/dev/null); do
    q=${f#/proc/}
    kill -9 "${q%/environ}" 2>/dev/null && left=1
  done
  [ $left = 0 ] && break
  i=$((i+1))
  sleep 0.05
done
# The dirs go once nothing of the runs is left. What is in them is simcoach's own (a sealed run's
# program writes only its tmpfs mounts, which went with its sandbox); rm walks by open directories
# and never follows a link nor leaves the file system.
if [ -n "$tmp" ]; then
  for d in "$tmp"/run-"$pid"-* "$tmp"/src-"$pid"-*; do
    [ -d "$d" ] || continue
    [ -e "$d/.lock" ] && ! [ "$d/.lock" -ef "$lock" ] && continue
    rm -rf --one-file-system -- "$d"
  done
  [ -n "$lock" ] && rm -f -- "$lock"
fi
exit 0
