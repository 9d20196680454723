# smoldesk_prepare_test_data(OUT_VAR)
# The tests read their data from one folder in the build tree that mirrors tests/data: plain
# files are linked to the source, and each `*.tar.xz` archive there is unpacked in place of
# itself. Tokenizer vocabularies compress about 4:1, which keeps the repository under the size
# a GPU test machine receives; the archives unpack with CMake alone, on any platform.
# Sets OUT_VAR to the mirror's path.
function(smoldesk_prepare_test_data out_var)
    set(src ${PROJECT_SOURCE_DIR}/tests/data)
    set(dst ${PROJECT_BINARY_DIR}/test-data)
    file(GLOB_RECURSE files CONFIGURE_DEPENDS RELATIVE ${src} ${src}/*)
    foreach(rel IN LISTS files)
        get_filename_component(dir ${dst}/${rel} DIRECTORY)
        file(MAKE_DIRECTORY ${dir})
        if(rel MATCHES "\\.tar\\.xz$")
            # Unpack only when the archive changed: a stamp holds the archive's hash.
            file(SHA256 ${src}/${rel} hash)
            set(stamp ${dst}/${rel}.unpacked)
            set(old "")
            if(EXISTS ${stamp})
                file(READ ${stamp} old)
            endif()
            if(NOT old STREQUAL hash)
                file(ARCHIVE_EXTRACT INPUT ${src}/${rel} DESTINATION ${dir})
                file(WRITE ${stamp} ${hash})
            endif()
            set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src}/${rel})
        elseif(NOT EXISTS ${dst}/${rel})
            file(CREATE_LINK ${src}/${rel} ${dst}/${rel} SYMBOLIC COPY_ON_ERROR)
        endif()
    endforeach()
    # The demo model ships once, in resources/; the tokenizer tests read it as text data too.
    if(NOT EXISTS ${dst}/text/stories260K.gguf)
        file(CREATE_LINK ${PROJECT_SOURCE_DIR}/resources/models/stories260K.gguf
             ${dst}/text/stories260K.gguf SYMBOLIC COPY_ON_ERROR)
    endif()
    # So does its golden (llama.cpp's logits), which the GPU self-check compares with.
    if(NOT EXISTS ${dst}/models/stories260K-once.f32)
        file(CREATE_LINK ${PROJECT_SOURCE_DIR}/resources/models/stories260K-golden.f32
             ${dst}/models/stories260K-once.f32 SYMBOLIC COPY_ON_ERROR)
    endif()
    set(${out_var} ${dst} PARENT_SCOPE)
endfunction()
