// Threads stay allowed (clone with CLONE_THREAD).
#include <pthread.h>
#include <stdio.h>

static void *work(void *arg) {
  *(int *)arg = 42;
  return NULL;
}

int main(void) {
  pthread_t t;
  int v = 0;
  if (pthread_create(&t, NULL, work, &v)) return 1;
  pthread_join(t, NULL);
  printf("thread %d\n", v);
  return 0;
}
