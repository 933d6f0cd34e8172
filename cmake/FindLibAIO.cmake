# FindLibAIO.cmake — locate libaio, which Debian ships without a pkg-config file.
# Defines LibAIO_FOUND and the imported target LibAIO::LibAIO.
find_path(LibAIO_INCLUDE_DIR NAMES libaio.h)
find_library(LibAIO_LIBRARY NAMES aio)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibAIO
  REQUIRED_VARS LibAIO_LIBRARY LibAIO_INCLUDE_DIR)

if(LibAIO_FOUND AND NOT TARGET LibAIO::LibAIO)
  add_library(LibAIO::LibAIO UNKNOWN IMPORTED)
  set_target_properties(LibAIO::LibAIO PROPERTIES
    IMPORTED_LOCATION "${LibAIO_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibAIO_INCLUDE_DIR}")
endif()
mark_as_advanced(LibAIO_INCLUDE_DIR LibAIO_LIBRARY)
