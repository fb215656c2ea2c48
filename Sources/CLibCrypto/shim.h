// OpenSSL's EVP digests: the algorithm fetched once (SHA256() looks it up by name on every call).
#include <openssl/evp.h>
