package org.ompdexplorer.model;

/**
 * The OpenMP runtime and the OMPD library that read it.
 *
 * @param ompVersion        {@code ompd_get_omp_version} (the {@code _OPENMP} value, e.g. 201811)
 * @param ompVersionString  {@code ompd_get_omp_version_string}
 * @param ompdApiVersion    {@code ompd_get_api_version}
 * @param ompdVersionString {@code ompd_get_version_string}
 */
public record RuntimeInfo(Fact<Long> ompVersion, Fact<String> ompVersionString, Fact<Long> ompdApiVersion,
                          Fact<String> ompdVersionString) {
    public static final RuntimeInfo UNKNOWN = new RuntimeInfo(Fact.absent(), Fact.absent(), Fact.absent(),
            Fact.absent());
}
