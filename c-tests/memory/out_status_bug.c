// expect: violation
// inputs: 7 16
// The twin of out_status_safe.c: the unsupported-kind path returns without writing *status, and
// the caller's initial STATUS_SUCCESS lets an unsupported request through.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define REQ_READ 1
#define REQ_WRITE 2
#define MAX_LEN 64

#define STATUS_SUCCESS 0
#define STATUS_INVALID_PARAMETER (-13)
#define STATUS_NOT_SUPPORTED (-187)

struct request {
    int Kind;
    int Length;
    int Transferred;
};

static void validate(struct request *r, int *status)
{
    if (r->Length <= 0 || r->Length > MAX_LEN) {
        *status = STATUS_INVALID_PARAMETER;
        return;
    }
    if (r->Kind != REQ_READ && r->Kind != REQ_WRITE) {
        return;
    }
    *status = STATUS_SUCCESS;
}

static int process(struct request *r)
{
    int status = STATUS_SUCCESS;

    validate(r, &status);
    if (status != STATUS_SUCCESS)
        return status;
    r->Transferred = r->Length;
    return STATUS_SUCCESS;
}

int main(void)
{
    struct request req;
    int status;

    req.Kind = __VERIFIER_nondet_int();
    req.Length = __VERIFIER_nondet_int();
    req.Transferred = 0;

    status = process(&req);
    if (status == STATUS_SUCCESS && req.Kind != REQ_READ && req.Kind != REQ_WRITE)
        reach_error();
    if (status == STATUS_SUCCESS && req.Transferred > MAX_LEN)
        reach_error();
    if (status != STATUS_SUCCESS && req.Transferred != 0)
        reach_error();
    return 0;
}
