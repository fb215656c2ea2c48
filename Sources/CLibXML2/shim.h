// libxml2's streaming (SAX2) parser, used to read OSIS Bible text fast.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its <unicode/*.h> clash with the ICU copy inside Swift's
// Foundation. Only xmlCharEncodingHandler's layout depends on this and we never touch it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
