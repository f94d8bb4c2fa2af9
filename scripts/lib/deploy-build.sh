# Builds products the way a kiosk ships them (sourced by scripts):
# release, with the Swift runtime and Foundation linked in statically
# (`--static-swift-stdlib`: the binary then carries only the parts of them
# it uses, instead of mapping 16 MB of shared Swift libraries), and, where
# the GNU linker and C library support it, relative relocations packed
# (`-z pack-relative-relocs`, DT_RELR: 1.9 MB of relocation records that
# the loader reads at start-up become 15 KB). Issue 7 measured the kiosk's
# peak memory this way (docs/performance.md).
#
# Its own build directory (.build/deploy), so that it does not rebuild the
# ordinary release build in .build.
#
#   deploy_build PRODUCT...   builds them (output on stderr)
#   deploy_bin_path           where the built programs are

deploy_flags() {
    local flags=(-c release --static-swift-stdlib --scratch-path .build/deploy)
    # GNU ld from binutils 2.38 and glibc 2.36 know packed relocations;
    # the Swift driver links with gold, which does not.
    if command -v ld.bfd >/dev/null && ld.bfd --help 2>/dev/null | grep -q pack-relative-relocs \
        && [ "$(getconf GNU_LIBC_VERSION | awk '{ split($2, v, "."); print (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) }')" = 1 ]; then
        flags+=(-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs)
    fi
    printf '%s\n' "${flags[@]}"
}

deploy_build() {
    local flags product
    mapfile -t flags < <(deploy_flags)
    for product in "$@"; do
        # Foundation's static archive warns about mktemp at every link; it is not ours to fix.
        swift build "${flags[@]}" --product "$product" 2> >(grep -v -e "mktemp" -e "createTemporaryFile" >&2) >&2
    done
}

deploy_bin_path() {
    local flags
    mapfile -t flags < <(deploy_flags)
    swift build "${flags[@]}" --show-bin-path
}
