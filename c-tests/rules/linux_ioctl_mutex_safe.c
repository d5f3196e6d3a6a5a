// rule: locking
// expect: safe
// A Linux character-device ioctl serialised by a mutex: a switch on the command with `goto out_unlock` error paths (-EFAULT, -EINVAL) and a default -ENOTTY, all leaving through the single mutex_unlock.

struct mutex { int owner; };

#define EFAULT 14
#define EINVAL 22
#define ENOTTY 25
#define DEV_IOC_RESET 0x4d00
#define DEV_IOC_GET 0x4d01
#define DEV_IOC_SET 0x4d02
#define DEV_MAX_LEVEL 100

struct mydev {
    struct mutex lock;
    int level;
    int resets;
};

extern void mutex_lock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern unsigned long copy_to_user(void *to, const void *from, unsigned long n);
extern int __VERIFIER_nondet_int(void);

static struct mydev the_dev;

static long mydev_ioctl(struct mydev *dev, unsigned int cmd, long arg, void *user)
{
    long ret = 0;

    mutex_lock(&dev->lock);
    switch (cmd) {
    case DEV_IOC_RESET:
        dev->level = 0;
        dev->resets++;
        break;
    case DEV_IOC_GET:
        if (copy_to_user(user, &dev->level, sizeof(dev->level)) != 0) {
            ret = -EFAULT;
            goto out_unlock;
        }
        break;
    case DEV_IOC_SET:
        if (arg < 0 || arg > DEV_MAX_LEVEL) {
            ret = -EINVAL;
            goto out_unlock;
        }
        dev->level = (int)arg;
        break;
    default:
        ret = -ENOTTY;
        break;
    }
out_unlock:
    mutex_unlock(&dev->lock);
    return ret;
}

int main(void)
{
    int buffer;
    int calls = __VERIFIER_nondet_int();

    while (calls-- > 0) {
        unsigned int cmd = (unsigned int)__VERIFIER_nondet_int();
        long arg = __VERIFIER_nondet_int();
        mydev_ioctl(&the_dev, cmd, arg, &buffer);
    }
    return 0;
}
