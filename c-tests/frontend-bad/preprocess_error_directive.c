// expect: error   kind: preprocess   line: 4   message: configuration not supported
#define CONFIG_A 1
#if CONFIG_A
#error configuration not supported
#endif
int main(void) { return 0; }
