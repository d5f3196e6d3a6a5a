/* slamrs: mingw-w64's <wdm.h>, then the names of newer WDKs that it lacks
   (slamrs_wdk.h; docs/drivers.md, "Windows drivers as they are written"). */
#include_next <wdm.h>
#include "slamrs_wdk.h"
