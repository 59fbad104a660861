// The attacks every language plays, one program for all (one compile serves them): the first word
// of the input names the attack.
//
//	fork    a fork bomb: the first new process must end the run (RE, "tried to create a process").
//	memory  4 GiB, every byte written: MLE under a 256 MB limit, never the host's memory.
//	write   writes every host path it reads next (in /tmp, $HOME, /var/tmp): whatever the sandbox
//	        lets it write there is its own, none of them may appear on the host.
package main

import (
	"fmt"
	"os"
	"os/exec"
)

func memory() {
	b := make([]byte, 4<<30)
	for i := range b {
		b[i] = 1
	}
	fmt.Println(b[len(b)-1])
}

func write() {
	var path string
	for {
		if _, err := fmt.Scan(&path); err != nil {
			break
		}
		_ = os.WriteFile(path, []byte("x"), 0o644)
	}
	fmt.Println("done")
}

func main() {
	var attack string
	fmt.Scan(&attack)
	switch attack {
	case "fork":
		for {
			_ = exec.Command("/bin/true").Start()
		}
	case "memory":
		memory()
	case "write":
		write()
	default:
		os.Exit(2)
	}
}
