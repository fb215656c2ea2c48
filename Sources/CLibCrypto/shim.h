// OpenSSL's one-shot SHA256() (not deprecated in 3.x, unlike SHA256_Init/Update/Final).
#include <openssl/sha.h>
