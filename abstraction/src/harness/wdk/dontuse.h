/* slamrs: the WDK's <dontuse.h> only marks old string functions deprecated for the
   compiler (`#pragma deprecated`); it declares nothing a driver uses. */
