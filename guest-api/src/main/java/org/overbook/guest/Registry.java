package org.overbook.guest;

import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Factories by name, each with a line of description and the origin that registered it: the one shape
 * every pluggable family of Overbook shares (workloads, memory policies, receive-fault policies, balloon
 * allocation policies, NIC TLB replacement and partitioning, reclaim victim selection).
 *
 * <h2>Design</h2>
 * An explicit registry, as Caffeine's simulator keeps its policies: a scenario names an entry, the
 * registry finds its factory, and a misspelt name is an error naming the scenario field and every known
 * name. A family is a subclass that adds its own {@code create}; its entries come from providers found by
 * {@link ServiceLoader} ({@link #load}), the built-ins' provider and a user's jar alike, so nothing is
 * held in a static map and two registries never share state. Each entry remembers where it came from
 * ({@value #BUILT_IN}, or the file name of the plug-in jar), so a listing can say so and a name
 * registered twice is an error naming both origins.
 *
 * @param <F> the family's factory type
 */
public class Registry<F> {

    /** The origin of everything that ships with Overbook. */
    public static final String BUILT_IN = "built-in";

    private record Entry<F>(String description, F factory, String origin) {
    }

    private final String noun;
    private final Map<String, Entry<F>> entries = new LinkedHashMap<>();
    private String origin = BUILT_IN;

    /** Returns an empty registry of {@code noun}s ({@code "memory policy"}), the word its errors use. */
    public Registry(String noun) {
        this.noun = noun;
    }

    /** Returns what this registry holds, in the singular ("memory policy"). */
    public final String noun() {
        return noun;
    }

    /**
     * Registers {@code factory} under {@code name}, from the origin currently registering.
     *
     * @throws ConfigurationException naming {@code --plugins} if a plug-in takes a name already taken
     * @throws IllegalArgumentException if the name is blank, or taken twice among the built-ins
     */
    public Registry<F> register(String name, String description, F factory) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a " + noun + " needs a name (registered by " + origin + ")");
        }
        if (factory == null) {
            throw new IllegalArgumentException(noun + " '" + name + "' has no factory (registered by " + origin + ")");
        }
        Entry<F> taken = entries.get(name);
        if (taken != null) {
            String problem = noun + " '" + name + "' is registered twice: by " + taken.origin() + " and by " + origin;
            if (BUILT_IN.equals(origin) && BUILT_IN.equals(taken.origin())) {
                throw new IllegalArgumentException(problem);
            }
            throw new ConfigurationException("--plugins", problem + "; accepted: a name no other plug-in or built-in uses");
        }
        entries.put(name, new Entry<>(description == null ? "" : description, factory, origin));
        return this;
    }

    /**
     * Returns the factory called {@code name}.
     *
     * @param field where the name sits in the scenario, for the error
     * @throws ConfigurationException naming {@code field} and every known name, and the nearest if one is close, if
     *                                none is called so
     */
    public final F factory(String field, String name) {
        Entry<F> entry = entries.get(name);
        if (entry == null) {
            String nearest = Suggestions.didYouMean(name, entries.keySet());
            throw new ConfigurationException(field, "unknown " + noun + " " + Quoted.of(name) + "; accepted: "
                    + (entries.isEmpty() ? "none" : String.join(", ", entries.keySet())) + nearest
                    + (nearest.isEmpty() && !fromPlugins() ? "; no plug-in " + noun + " is loaded: a plug-in's name is accepted"
                    + " once its jar is (--plugins JAR, or OVERBOOK_PLUGINS)" : ""));
        }
        return entry.factory();
    }

    /** Returns whether a plug-in jar registered any entry here. */
    private boolean fromPlugins() {
        return entries.values().stream().anyMatch(entry -> !BUILT_IN.equals(entry.origin()));
    }

    /**
     * Returns what {@code make} builds with the factory called {@code name}: the one place a family creates an entry, so
     * that a factory's failure before anything runs reads the same in every family. A factory that throws (a
     * plug-in's bug, or a check of its own that throws something other than a {@link ConfigurationException}), or
     * that returns {@code null}, is a {@link ConfigurationException} naming {@code field}, the entry, its origin, what
     * was thrown and the plug-in's own frame nearest the throw.
     *
     * @throws ConfigurationException naming {@code field} if no entry is called {@code name} or its factory fails
     */
    protected final <T> T instantiate(String field, String name, Function<? super F, ? extends T> make) {
        F factory = factory(field, name);
        T made;
        try {
            made = make.apply(factory);
        } catch (ConfigurationException e) {
            throw e;
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            // the errors a plug-in's own bug throws too: a failed assert, a class its jar lacks, a recursion without end
            StackTraceElement at = pluginFrame(e, Set.of(Registry.class.getName()));
            throw new ConfigurationException(field, noun + " '" + name + "' (" + entries.get(name).origin()
                    + ") failed while it was created: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + (at == null ? "" : " (at " + at + ")") + hint(e));
        }
        if (made == null) {
            throw new ConfigurationException(field, noun + " '" + name + "' (" + entries.get(name).origin()
                    + ") was created as null: its factory returned nothing; accepted: a factory that returns a new " + noun);
        }
        return made;
    }

    /**
     * Returns what {@code make} builds with the factory of the entry {@code named} at {@code field} and the parameters the
     * scenario gives it, as {@link #instantiate(String, String, Function)} does; then refuses any parameter the factory did
     * not read (all of them, for a factory that reads none), naming it ({@code nic.memory-policy.params.size: unknown
     * parameter; accepted: ...}).
     *
     * @throws ConfigurationException naming the name's field if no entry is called so or its factory fails, or naming the
     *                                parameter at fault
     */
    protected final <T> T instantiate(String field, Named named, BiFunction<? super F, Parameters, ? extends T> make) {
        Parameters parameters = named.parameters(field);
        T made = instantiate(named.nameField(field), named.name(), factory -> make.apply(factory, parameters));
        parameters.rejectUnread();
        return made;
    }

    /** What to do about {@code thrown}, as the end of the line that reports it. */
    private static String hint(Throwable thrown) {
        if (thrown instanceof LinkageError) {
            return "; a class the plug-in needs is missing or of another version: ship its dependencies as jars beside it"
                    + " (--plugins DIR loads every jar in DIR)";
        }
        return thrown instanceof RuntimeException ? "; a check of its parameters should throw ConfigurationException, naming"
                + " the parameter" : "";
    }

    /**
     * Where a plug-in's code threw: among the frames above the first frame of a class in {@code callers} (the code
     * that called into the plug-in: the registry for a factory, the simulation's dispatch for an event), the first
     * outside the JDK and Overbook (a plug-in's), else the frame that threw; {@code null} if {@code thrown} has none.
     */
    public static StackTraceElement pluginFrame(Throwable thrown, Set<String> callers) {
        StackTraceElement[] frames = thrown.getStackTrace();
        for (StackTraceElement frame : frames) {
            String type = frame.getClassName();
            if (callers.contains(type)) {
                break;
            }
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.") && !type.startsWith("org.overbook.")) {
                return frame;
            }
        }
        return frames.length > 0 ? frames[0] : null;
    }

    /** Returns whether an entry is called {@code name}. */
    public final boolean contains(String name) {
        return entries.containsKey(name);
    }

    /** Returns each name with its description, in registration order (built-ins first). */
    public final Map<String, String> descriptions() {
        Map<String, String> out = new LinkedHashMap<>();
        entries.forEach((name, entry) -> out.put(name, entry.description()));
        return Collections.unmodifiableMap(out);
    }

    /** Returns each name with its origin ({@value #BUILT_IN} or a jar's file name), in registration order. */
    public final Map<String, String> origins() {
        Map<String, String> out = new LinkedHashMap<>();
        entries.forEach((name, entry) -> out.put(name, entry.origin()));
        return Collections.unmodifiableMap(out);
    }

    /**
     * Lets every provider of {@code service} that {@code loader} finds register into {@code registry}, each
     * under its origin. A provider that cannot be loaded, or fails while registering, is an error naming
     * its jar and its class; a name taken twice is an error naming both origins.
     *
     * @throws ConfigurationException naming {@code --plugins}
     */
    public static <P, R extends Registry<?>> R load(R registry, Class<P> service, ClassLoader loader,
                                                    BiConsumer<P, R> registration) {
        // the service types are other modules' (nic's policies, balloon's, ...): on the module path this module must
        // declare that it uses each before it loads one (a no-op on the class path)
        Registry.class.getModule().addUses(service);
        ServiceLoader<P> providers = ServiceLoader.load(service, loader);
        List<ServiceLoader.Provider<P>> found = new ArrayList<>();
        try {
            providers.stream().forEach(found::add);
        } catch (ServiceConfigurationError e) {
            String prefix = service.getName() + ": ";
            String message = String.valueOf(e.getMessage());
            if (message.startsWith(prefix) && message.endsWith(" not a subtype")) {
                // the JDK's words for a class listed under an interface it does not implement
                String listed = message.substring(prefix.length(), message.length() - " not a subtype".length());
                throw new ConfigurationException("--plugins", jarNaming(message, service, loader) + ": " + listed
                        + " is listed in META-INF/services/" + service.getName() + " but does not implement it; accepted: a"
                        + " class that implements the interface its service file is named after");
            }
            if (message.startsWith(prefix + "Provider ") && message.endsWith(" not found")) {
                throw notFound(message.substring((prefix + "Provider ").length(), message.length() - " not found".length()), message,
                        service, loader);
            }
            throw new ConfigurationException("--plugins", jarNaming(e.getMessage(), service, loader) + ": cannot load a "
                    + service.getSimpleName() + ": " + e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")"));
        } catch (UnsupportedClassVersionError e) {
            // ServiceLoader lets a class file of a newer Java through as it is, with the JVM's own wording
            int runtime = Runtime.version().feature();
            throw new ConfigurationException("--plugins", jarNaming(e.getMessage(), service, loader) + ": cannot load a "
                    + service.getSimpleName() + ": " + e.getMessage() + "; accepted: classes compiled for Java " + runtime
                    + " or older (javac --release " + runtime + ", or maven.compiler.release " + runtime + ")");
        } catch (LinkageError e) {
            throw new ConfigurationException("--plugins", jarNaming(e.getMessage(), service, loader) + ": cannot load a "
                    + service.getSimpleName() + ": " + e);
        }
        Registry<?> target = registry;
        for (ServiceLoader.Provider<P> provider : found) {
            String from = originOf(provider.type());
            P instance;
            try {
                instance = provider.get();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError | AssertionError e) {
                throw new ConfigurationException("--plugins", from + ": cannot create " + provider.type().getName()
                        + " (a " + service.getSimpleName() + "): " + (e.getCause() == null ? e : e.getCause()));
            }
            target.origin = from;
            try {
                registration.accept(instance, registry);
            } catch (ConfigurationException e) {
                throw e;
            } catch (RuntimeException | LinkageError | AssertionError e) {
                throw new ConfigurationException("--plugins", from + ": " + provider.type().getName() + " failed while registering a "
                        + target.noun + ": " + e);
            } finally {
                target.origin = BUILT_IN;
            }
        }
        return registry;
    }

    /**
     * Returns where {@code type} comes from: the file name of its jar when a plug-in class loader (a
     * {@link URLClassLoader}) loaded it, else {@value #BUILT_IN}.
     */
    public static String originOf(Class<?> type) {
        if (!(type.getClassLoader() instanceof URLClassLoader)) {
            return BUILT_IN;
        }
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return source == null || source.getLocation() == null ? type.getName() : ServiceFiles.fileName(source.getLocation());
    }

    /** Returns the file name of the jar whose service file lists the provider an error loading it is about. */
    private static String jarNaming(String errorMessage, Class<?> service, ClassLoader loader) {
        return ServiceFiles.listing(errorMessage, service, loader).map(ServiceFiles::fileName).orElse("a plug-in");
    }

    /**
     * Returns why a provider listed in a service file is no class of its jar ({@code ServiceLoader}'s "Provider X not found"),
     * with the jar's class nearest the name listed, if one is a slip of the keyboard away.
     */
    private static ConfigurationException notFound(String listed, String message, Class<?> service, ClassLoader loader) {
        List<String> classes = ServiceFiles.listing(message, service, loader).map(ServiceFiles::classesBeside).orElse(List.of());
        return new ConfigurationException("--plugins", jarNaming(message, service, loader) + ": META-INF/services/"
                + service.getName() + " lists " + listed + ", and no class of that name is on the plug-ins' path"
                + Suggestions.didYouMean(listed, classes) + "; accepted: the fully qualified name of a class the jar holds that"
                + " implements " + service.getSimpleName());
    }
}
