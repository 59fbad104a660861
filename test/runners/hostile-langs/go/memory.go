// 4 GiB, every byte written: MLE under a 256 MB limit, never the host's memory.
package main

import "fmt"

func main() {
	b := make([]byte, 4<<30)
	for i := range b {
		b[i] = 1
	}
	fmt.Println(b[len(b)-1])
}
