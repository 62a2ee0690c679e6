package org.ompdexplorer.importers.elf;

/**
 * One defined symbol of a module.
 *
 * @param name         the symbol's name, without any {@code @VERSION} suffix (ELF stores none)
 * @param value        {@code st_value}: an address as linked (add the load bias), or for
 *                     {@link Type#TLS} the offset in the module's TLS block
 * @param size         {@code st_size}
 * @param type         the symbol type
 * @param binding      the symbol binding
 * @param sectionIndex {@code st_shndx}: the section it is defined in, or a reserved index (ABS, COMMON)
 * @param dynamic      whether it comes from {@code .dynsym} rather than {@code .symtab}
 */
public record ElfSymbol(String name, long value, long size, Type type, Binding binding, int sectionIndex,
                        boolean dynamic) {

    /** Symbol type ({@code ELF64_ST_TYPE}); {@link #OTHER} carries values this reader does not name. */
    public enum Type {
        NOTYPE, OBJECT, FUNC, SECTION, FILE, COMMON, TLS, GNU_IFUNC, OTHER;

        static Type of(int code) {
            return switch (code) {
                case 0 -> NOTYPE;
                case 1 -> OBJECT;
                case 2 -> FUNC;
                case 3 -> SECTION;
                case 4 -> FILE;
                case 5 -> COMMON;
                case 6 -> TLS;
                case 10 -> GNU_IFUNC;
                default -> OTHER;
            };
        }
    }

    /** Symbol binding ({@code ELF64_ST_BIND}); {@link #OTHER} carries values this reader does not name. */
    public enum Binding {
        LOCAL, GLOBAL, WEAK, GNU_UNIQUE, OTHER;

        static Binding of(int code) {
            return switch (code) {
                case 0 -> LOCAL;
                case 1 -> GLOBAL;
                case 2 -> WEAK;
                case 10 -> GNU_UNIQUE;
                default -> OTHER;
            };
        }
    }
}
