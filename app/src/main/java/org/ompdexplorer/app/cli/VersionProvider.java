package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code ompd-explorer --version}: the build's version (the Maven project version, written into a resource at build
 * time) and the Java runtime it runs on — in the installed package, the one linked into it.
 */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"ompd-explorer " + version(),
                "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
                        + ") at " + System.getProperty("java.home")};
    }

    /** The project version this build was made from, e.g. {@code 0.1.0-SNAPSHOT}. */
    static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
