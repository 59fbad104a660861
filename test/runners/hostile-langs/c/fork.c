// A fork bomb: the first fork must end the run (RE, "tried to create a process").
#include <unistd.h>

int main(void) {
  for (;;) fork();
}
