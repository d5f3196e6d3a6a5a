/* Run-time monitors of the built-in rules, for the gcc cross-check of c-tests/rules
 * (scripts/rules-gcc). Linked with c-tests/frontend/harness/env.c, which supplies the
 * __VERIFIER_nondet_* inputs from $SLAMRS_INPUTS.
 *
 * $SLAMRS_RULE selects the monitor: locking, critical-region, rcu, or anything else for
 * none. A rule violation prints "rule violation: MESSAGE" on stderr and exits with status
 * 99, the status env.c uses for reach_error, so one status means "the checker must report
 * a violation". The end-of-entry checks run from an atexit handler: the programs' entry is
 * main, or a wrapper main that calls the entry and then exits (see scripts/rules-gcc).
 *
 * The kernel functions the programs use without the rule caring (IoCompleteRequest, ...)
 * are defined here as no-ops returning 0; the checker treats them as unknown functions,
 * which is a superset of these behaviours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern int __VERIFIER_nondet_int(void); /* env.c */

enum { RULE_NONE, RULE_LOCKING, RULE_CRITICAL, RULE_RCU, RULE_IRP, RULE_OWNER, RULE_PROPERTY };

static int rule;
static int win_spin, linux_spin, linux_mutex, pthread_mutex; /* locking: 0 free, 1 held */
static int critical_depth;                                    /* critical-region */
static int rcu_depth;                                         /* rcu */
static int irp_completed, irp_passed;                         /* irp_complete_once.slic */
static void *owner;                                           /* lock_owner.slic */
static int owner_held;

static void violation(const char *message) {
    fflush(stdout);
    fprintf(stderr, "rule violation: %s\n", message);
    _exit(99);
}

static void at_entry_exit(void) {
    if (rule == RULE_LOCKING && (win_spin || linux_spin || linux_mutex || pthread_mutex))
        violation("a lock is held when the entry function returns");
    if (rule == RULE_CRITICAL && critical_depth != 0)
        violation("a critical region is still entered when the entry function returns");
    if (rule == RULE_RCU && rcu_depth != 0)
        violation("an RCU read-side section is still open when the entry function returns");
    if (rule == RULE_IRP && !irp_completed && !irp_passed)
        violation("the IRP was neither completed nor passed down");
}

__attribute__((constructor)) static void monitor_init(void) {
    const char *r = getenv("SLAMRS_RULE");
    if (r && strcmp(r, "locking") == 0)
        rule = RULE_LOCKING;
    else if (r && strcmp(r, "critical-region") == 0)
        rule = RULE_CRITICAL;
    else if (r && strcmp(r, "rcu") == 0)
        rule = RULE_RCU;
    else if (r && strcmp(r, "irp_complete_once.slic") == 0)
        rule = RULE_IRP;
    else if (r && strcmp(r, "lock_owner.slic") == 0)
        rule = RULE_OWNER;
    else if (r && strcmp(r, "property") == 0)
        rule = RULE_PROPERTY;
    atexit(at_entry_exit);
}

static void acquire(int *state, const char *what) {
    if (rule != RULE_LOCKING)
        return;
    if (*state)
        violation(what);
    *state = 1;
}

static void release(int *state, const char *what) {
    if (rule != RULE_LOCKING)
        return;
    if (!*state)
        violation(what);
    *state = 0;
}

#define WIN_ACQ "spin lock already held"
#define WIN_REL "spin lock released but not held"
void KeAcquireSpinLock(void *l, unsigned char *irql) { (void)l; *irql = 0; acquire(&win_spin, WIN_ACQ); }
void KeAcquireSpinLockAtDpcLevel(void *l) { (void)l; acquire(&win_spin, WIN_ACQ); }
void KeReleaseSpinLock(void *l, unsigned char irql) { (void)l; (void)irql; release(&win_spin, WIN_REL); }
void KeReleaseSpinLockFromDpcLevel(void *l) { (void)l; release(&win_spin, WIN_REL); }

#define LNX_ACQ "spin_lock: already held"
#define LNX_REL "spin_unlock: not held"
void spin_lock(void *l) { (void)l; acquire(&linux_spin, LNX_ACQ); }
void spin_lock_irq(void *l) { (void)l; acquire(&linux_spin, LNX_ACQ); }
void spin_lock_bh(void *l) { (void)l; acquire(&linux_spin, LNX_ACQ); }
void spin_lock_irqsave(void *l, unsigned long f) { (void)l; (void)f; acquire(&linux_spin, LNX_ACQ); }
void spin_unlock(void *l) { (void)l; release(&linux_spin, LNX_REL); }
void spin_unlock_irq(void *l) { (void)l; release(&linux_spin, LNX_REL); }
void spin_unlock_bh(void *l) { (void)l; release(&linux_spin, LNX_REL); }
void spin_unlock_irqrestore(void *l, unsigned long f) { (void)l; (void)f; release(&linux_spin, LNX_REL); }

void mutex_lock(void *m) {
    (void)m;
    if (rule == RULE_RCU && rcu_depth > 0)
        violation("mutex_lock inside an RCU read-side section");
    acquire(&linux_mutex, "mutex_lock: already held");
}
void mutex_unlock(void *m) { (void)m; release(&linux_mutex, "mutex_unlock: not held"); }
int pthread_mutex_lock(void *m) { (void)m; acquire(&pthread_mutex, "pthread_mutex_lock: already held"); return 0; }
int pthread_mutex_unlock(void *m) { (void)m; release(&pthread_mutex, "pthread_mutex_unlock: not held"); return 0; }

void KeEnterCriticalRegion(void) { critical_depth++; }
void KeLeaveCriticalRegion(void) {
    if (rule == RULE_CRITICAL && critical_depth == 0)
        violation("KeLeaveCriticalRegion without KeEnterCriticalRegion");
    critical_depth--;
}

void rcu_read_lock(void) { rcu_depth++; }
void rcu_read_unlock(void) {
    if (rule == RULE_RCU && rcu_depth == 0)
        violation("rcu_read_unlock outside a read-side section");
    rcu_depth--;
}
static void might_sleep(const char *what) {
    if (rule == RULE_RCU && rcu_depth > 0)
        violation(what);
}
void synchronize_rcu(void) { might_sleep("synchronize_rcu inside an RCU read-side section"); }
void msleep(unsigned int ms) { (void)ms; might_sleep("msleep inside an RCU read-side section"); }
void schedule(void) { might_sleep("schedule inside an RCU read-side section"); }

/* Functions the rules ignore. */
void IoCompleteRequest(void *irp, char boost) {
    (void)irp;
    (void)boost;
    if (rule == RULE_IRP && (irp_completed || irp_passed))
        violation("IoCompleteRequest: the IRP was already completed or passed down");
    irp_completed = 1;
}
int IoCallDriver(void *device, void *irp) {
    (void)device;
    (void)irp;
    if (rule == RULE_IRP && (irp_completed || irp_passed))
        violation("IoCallDriver: the IRP was already completed or passed down");
    irp_passed = 1;
    return __VERIFIER_nondet_int();
}
void IoSkipCurrentIrpStackLocation(void *irp) { (void)irp; }
void IoMarkIrpPending(void *irp) { (void)irp; }
void *ExAllocatePoolWithTag(int type, unsigned long size, unsigned long tag) { (void)type; (void)tag; return malloc(size); }
void ExFreePool(void *p) { free(p); }

/* Unknown functions whose result matters: the next input, as the checker may choose. */
unsigned int readl(const volatile void *addr) { (void)addr; return (unsigned int)__VERIFIER_nondet_int(); }
void udelay(unsigned long usecs) { (void)usecs; }
unsigned long copy_to_user(void *to, const void *from, unsigned long n) {
    (void)to; (void)from; (void)n;
    return (unsigned long)__VERIFIER_nondet_int();
}
void netif_receive(void *r) { (void)r; }
unsigned char ExAcquireResourceExclusiveLite(void *r, unsigned char wait) {
    (void)r;
    return wait ? 1 : (unsigned char)(__VERIFIER_nondet_int() != 0);
}
unsigned char ExAcquireResourceSharedLite(void *r, unsigned char wait) {
    (void)r;
    return wait ? 1 : (unsigned char)(__VERIFIER_nondet_int() != 0);
}
void ExReleaseResourceLite(void *r) { (void)r; }
void assert(int c) { if (!c) violation("assertion failed"); }

/* A failing assert is an error location, except under the unreach-call property, where
 * only reach_error counts: there the path just ends. SV-COMP's reach_error has a body that
 * calls __assert_fail(..., "reach_error"): that one is the property's error. */
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
    (void)assertion;
    (void)file;
    (void)line;
    if (rule == RULE_PROPERTY && strcmp(function, "reach_error") != 0)
        _exit(0);
    violation("assertion failed");
}
void PoStartNextPowerIrp(void *irp) { (void)irp; }

/* lock_owner.slic: the lock released is the one acquired */
void lock_acquire(void *l) {
    if (rule == RULE_OWNER) {
        if (owner_held)
            violation("lock_acquire while a lock is held");
        owner = l;
        owner_held = 1;
    }
}
void lock_release(void *l) {
    if (rule == RULE_OWNER) {
        if (!owner_held)
            violation("lock_release while no lock is held");
        if (l != owner)
            violation("lock_release of a lock other than the one acquired");
        owner_held = 0;
    }
}
