// A fork bomb: the first new process must end the run (RE, "tried to create a process").
package main

import "os/exec"

func main() {
	for {
		_ = exec.Command("/bin/true").Start()
	}
}
